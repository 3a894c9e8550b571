import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Alert from '@mui/material/Alert';
import { TASK_FREQUENCIES, type UnifiTask, type UnifiTaskInput } from '@splashboard/contract';
import { RunNowDialog } from './RunNowDialog.tsx';
import { dateTime } from '../../app/format.ts';

const STATUS_COLOUR = { never: 'default', running: 'info', ok: 'success', failed: 'error' } as const;

/** One scheduled task: its schedule (editable with write access), next run, and the last run's result. */
export function TaskCard({
  task,
  timezone,
  canWrite,
  errors,
  onSave,
  onRun,
}: {
  task: UnifiTask;
  timezone: string;
  canWrite: boolean;
  errors: Record<string, string>;
  onSave: (input: UnifiTaskInput) => void;
  onRun: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Required<UnifiTaskInput>>({
    enabled: task.enabled,
    frequency: task.frequency,
    weekday: task.weekday,
    time: task.time,
  });
  const [confirming, setConfirming] = useState(false);
  const name = t(`unifiTasks.kinds.${task.kind}.name`);
  const weekdays = t('unifiTasks.weekdays', { returnObjects: true }) as string[];
  const lastResult =
    task.last_status === 'ok'
      ? `${t('unifiTasks.status.ok')}: ${t('unifiTasks.devices', { count: task.last_count })}`
      : task.last_status === 'failed' && task.last_error
        ? t(`unifiTasks.errors.${task.last_error}`, { detail: task.last_detail })
        : '';

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={name}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <div>
            <Typography variant="h6" component="h2">
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`unifiTasks.kinds.${task.kind}.help`)}
            </Typography>
          </div>
          <Chip size="small" color={STATUS_COLOUR[task.last_status]} label={t(`unifiTasks.status.${task.last_status}`)} />
        </Stack>
        {task.kind === 'restart_udm' && <Alert severity="info">{t('unifiTasks.consoleNote')}</Alert>}
        <FormControlLabel
          control={
            <Switch
              checked={values.enabled}
              disabled={!canWrite}
              onChange={(e) => setValues({ ...values, enabled: e.target.checked })}
            />
          }
          label={t('unifiTasks.enabled')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('unifiTasks.frequency')}
            value={values.frequency}
            disabled={!canWrite}
            onChange={(e) => setValues({ ...values, frequency: e.target.value as UnifiTask['frequency'] })}
            sx={{ minWidth: 160 }}
          >
            {TASK_FREQUENCIES.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`unifiTasks.frequencies.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          {values.frequency === 'weekly' && (
            <TextField
              select
              label={t('unifiTasks.weekday')}
              value={values.weekday}
              disabled={!canWrite}
              onChange={(e) => setValues({ ...values, weekday: Number(e.target.value) })}
              sx={{ minWidth: 160 }}
            >
              {weekdays.map((day, i) => (
                <MenuItem key={day} value={i}>
                  {day}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            type="time"
            label={t('unifiTasks.time')}
            value={values.time}
            disabled={!canWrite}
            error={!!errors.time}
            helperText={errors.time ? t('unifiTasks.timeFormat') : undefined}
            onChange={(e) => setValues({ ...values, time: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
            sx={{ minWidth: 140 }}
          />
        </Stack>
        <Stack spacing={0.5}>
          <Typography variant="body2">
            {task.next_run_at
              ? t('unifiTasks.nextRun', { date: dateTime(task.next_run_at, i18n.language, timezone) })
              : t('unifiTasks.noNextRun')}
          </Typography>
          <Typography variant="body2">
            {task.last_run_at
              ? t('unifiTasks.lastRun', { date: dateTime(task.last_run_at, i18n.language, timezone) })
              : t('unifiTasks.neverRun')}
          </Typography>
          {lastResult && (
            <Typography
              variant="body2"
              color={task.last_status === 'failed' ? 'error' : 'success.main'}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {lastResult}
            </Typography>
          )}
        </Stack>
        {canWrite && (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => onSave(values)}>
              {t('unifiTasks.save')}
            </Button>
            <Button variant="outlined" disabled={task.last_status === 'running'} onClick={() => setConfirming(true)}>
              {t('unifiTasks.runNow')}
            </Button>
          </Stack>
        )}
      </Stack>
      <RunNowDialog
        open={confirming}
        task={name}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onRun();
        }}
      />
    </Paper>
  );
}
