import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import type { UnifiTask, UnifiTaskInput, UnifiTaskKind, UnifiTasks } from '@splashboard/contract';
import { fieldErrors, get, post, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { TaskCard } from './TaskCard.tsx';
import './i18n.ts';

const base = (siteId: number | null) => `/s/${siteId}/api/v1/unifi/scheduledtasks`;

/** /app/settings-view/unifi-scheduled-tasks: reboot all APs, RF scan and restart UDM Pro on a schedule. */
export function UnifiTasksPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const routerType = useAppSelector((s) => s.site.settings?.router_type);
  const [data, setData] = useState<UnifiTasks | null>(null);
  const [errors, setErrors] = useState<Partial<Record<UnifiTaskKind, Record<string, string>>>>({});

  const load = useCallback(() => {
    if (!siteId) return;
    get<UnifiTasks>(base(siteId)).then(setData, () => enqueueSnackbar(t('unifiTasks.loadFailed'), { variant: 'error' }));
  }, [siteId, enqueueSnackbar, t]);
  useEffect(load, [load]);

  // A run takes a moment on the controller: look again until it is done.
  const running = data?.tasks.some((task) => task.last_status === 'running');
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(load, 1500);
    return () => clearTimeout(timer);
  }, [running, data, load]);

  const replace = (task: UnifiTask) =>
    setData((d) => (d ? { ...d, tasks: d.tasks.map((x) => (x.kind === task.kind ? task : x)) } : d));

  const save = async (kind: UnifiTaskKind, input: UnifiTaskInput) => {
    try {
      replace(await put<UnifiTask>(`${base(siteId)}/${kind}`, input));
      setErrors((e) => ({ ...e, [kind]: {} }));
      enqueueSnackbar(t('unifiTasks.saved'), { variant: 'success' });
    } catch (err) {
      setErrors((e) => ({ ...e, [kind]: fieldErrors(err) }));
      enqueueSnackbar(t('unifiTasks.saveFailed'), { variant: 'error' });
    }
  };

  const run = async (kind: UnifiTaskKind) => {
    try {
      replace(await post<UnifiTask>(`${base(siteId)}/${kind}/run`));
      enqueueSnackbar(t('unifiTasks.queued'), { variant: 'info' });
    } catch {
      enqueueSnackbar(t('unifiTasks.runFailed'), { variant: 'error' });
    }
  };

  if (!data) return null;
  const canWrite = data.can_write && routerType === 'unifi';
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Typography variant="h4" component="h1">
        {t('unifiTasks.title')}
      </Typography>
      <Typography color="text.secondary">{t('unifiTasks.intro', { timezone: data.timezone })}</Typography>
      {routerType !== 'unifi' && <Alert severity="warning">{t('unifiTasks.notUnifi')}</Alert>}
      {!data.can_write && <Alert severity="info">{t('unifiTasks.readOnly')}</Alert>}
      {data.tasks.map((task) => (
        <TaskCard
          key={task.kind}
          task={task}
          timezone={data.timezone}
          canWrite={canWrite}
          errors={errors[task.kind] ?? {}}
          onSave={(input) => save(task.kind, input)}
          onRun={() => run(task.kind)}
        />
      ))}
    </Stack>
  );
}
