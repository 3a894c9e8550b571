import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTER_SETTINGS_PAGES, type SetupChecklist as Checklist } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { StatusChip } from '../routers/StatusPanel.tsx';
import { OpenAsGuestButton } from '../splash/OpenAsGuestButton.tsx';
import './i18n.ts';
import { CheckCircleIcon as CheckCircle, RadioButtonUncheckedIcon as RadioButtonUnchecked } from '../../components/icons.ts';

const routerPage = (routerType: string | null) =>
  routerType && routerType in ROUTER_SETTINGS_PAGES
    ? `/app/settings-view/${ROUTER_SETTINGS_PAGES[routerType as keyof typeof ROUTER_SETTINGS_PAGES]}`
    : '/app/settings-view';

function Step({ done, title, help, children }: { done: boolean; title: string; help: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ alignItems: { sm: 'center' }, py: 1.5, borderTop: 1, borderColor: 'divider' }}
      data-testid="setup-step"
      data-done={done}
    >
      <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0, alignItems: 'flex-start' }}>
        {done ? (
          <CheckCircle color="success" titleAccess={t('dashboard.setup.done')} />
        ) : (
          <RadioButtonUnchecked color="disabled" titleAccess={t('dashboard.setup.toDo')} />
        )}
        <div>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        </div>
      </Stack>
      {children && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 'none', flexWrap: 'wrap', rowGap: 1 }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The set-up checklist of a site that has had no guest yet (`setup/checklist`): each step ticks itself
 * from the server's state, read again when the operator comes back to this tab (from the test-mode
 * portal, say). Gone once a real guest has logged in.
 */
export function SetupChecklist({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const [checklist, setChecklist] = useState<Checklist | null>(null);
  const load = useCallback(
    () => get<Checklist>(`/s/${siteId}/api/v1/setup/checklist`).then(setChecklist, () => setChecklist(null)),
    [siteId],
  );
  useEffect(() => {
    void load();
    const again = () => document.visibilityState === 'visible' && void load();
    document.addEventListener('visibilitychange', again);
    window.addEventListener('focus', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('focus', again);
    };
  }, [load]);
  if (!checklist?.shown) return null;
  const { controller } = checklist;
  const left = [controller, checklist.splash_designed, checklist.seen_as_guest, checklist.first_guest].filter(
    (s) => !s.done,
  ).length;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="setup-title" data-testid="setup-checklist">
      <Typography variant="h6" component="h2" id="setup-title">
        {t('dashboard.setup.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('dashboard.setup.intro', { count: left })}
      </Typography>
      <Stack component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <Step done={controller.done} title={t('dashboard.setup.controller')} help={t('dashboard.setup.controllerHelp')}>
          <StatusChip status={controller.status} />
          <Button component={RouterLink} to={routerPage(controller.router_type)} size="small">
            {t('dashboard.setup.controllerLink')}
          </Button>
        </Step>
        <Step done={checklist.splash_designed.done} title={t('dashboard.setup.design')} help={t('dashboard.setup.designHelp')}>
          <Button component={RouterLink} to="/app/site/splash-pages" size="small">
            {t('dashboard.setup.designLink')}
          </Button>
        </Step>
        <Step
          done={checklist.seen_as_guest.done}
          title={t('dashboard.setup.seeAsGuest')}
          help={t('dashboard.setup.seeAsGuestHelp')}
        >
          <OpenAsGuestButton siteId={siteId} size="small" onOpened={() => void load()} />
        </Step>
        <Step
          done={checklist.first_guest.done}
          title={t('dashboard.setup.firstGuest')}
          help={t('dashboard.setup.firstGuestHelp')}
        >
          <Button component={RouterLink} to="/app/settings-view/access-health" size="small">
            {t('dashboard.setup.firstGuestLink')}
          </Button>
        </Step>
      </Stack>
    </Paper>
  );
}
