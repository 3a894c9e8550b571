import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REPORT_FIGURES,
  REPORT_FREQUENCIES,
  REPORT_LANGUAGES,
  reportSettingsSchema,
  type ReportFigure,
  type ReportSettings,
  type ReportSettingsView,
  type ReportTestAnswer,
} from '@splashboard/contract';
import { fieldErrors, get, post, put } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { dateTime } from '../../app/format.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import {
  HOURS,
  MONTH_DAYS,
  addressOf,
  fieldOfKey,
  hourLabel,
  reportApi,
  settingsOf,
  timeZones,
  weekdayNames,
} from './reportForm.ts';
import './i18n.ts';

type Suggestion = ReportSettingsView['suggested_recipients'][number];

/**
 * /app/settings-view/configure-reports: in a site its client report, in the control panel (site 0) the
 * account's report across sites. Saved with Save; "Send a test now" sends what the form says at once.
 */
export function ReportSettingsPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const siteZone = useAppSelector((s) => s.site.settings?.timezone) ?? 'UTC';
  const [view, setView] = useState<ReportSettingsView | null>(null);
  const [values, setValues] = useState<ReportSettings | null>(null);
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);

  const api = siteId === null ? null : reportApi(siteId);
  const settingsPath = api?.settings;
  const controlPanel = siteId === 0;
  // The load's failure is worded in the language of the moment; a change of language does not load again
  // (it would undo what is typed).
  const failure = useRef((err: unknown) => errorText.error(err, t('reports.loadFailed')));
  useEffect(() => {
    failure.current = (err) => errorText.error(err, t('reports.loadFailed'));
  });
  useEffect(() => {
    if (!settingsPath) return;
    let live = true;
    // Another site's (or the control panel's) report: nothing of the one before shows meanwhile.
    setView(null);
    setValues(null);
    setLoadError('');
    get<ReportSettingsView>(settingsPath).then(
      (v) => {
        if (!live) return;
        setLoadError('');
        setView(v);
        setValues(settingsOf(v));
      },
      (err) => live && setLoadError(failure.current(err)),
    );
    return () => {
      live = false;
    };
  }, [settingsPath]);

  const lang = i18n.language;
  const weekdays = useMemo(() => weekdayNames(lang), [lang]);
  const zones = useMemo(() => (controlPanel ? timeZones(values?.time_zone ?? 'UTC') : []), [controlPanel, values?.time_zone]);
  const title = controlPanel ? t('reports.accountTitle') : t('reports.siteTitle');
  const heading = (
    <PageHeader>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
    </PageHeader>
  );
  if (!api || !view || !values)
    return (
      <Stack spacing={2}>
        {heading}
        {loadError && <Alert severity="error">{loadError}</Alert>}
      </Stack>
    );

  const suggestions = new Map<string, Suggestion>(view.suggested_recipients.map((s) => [s.email, s]));
  const set = <K extends keyof ReportSettings>(key: K, value: ReportSettings[K]) => {
    setValues({ ...values, [key]: value });
    if (errors[key]) setErrors({ ...errors, [key]: '' });
  };

  /** The addresses as chips, plus what is typed and not yet turned into one. */
  const withTyped = (v: ReportSettings): ReportSettings => {
    const pending = typed.trim();
    if (!pending) return v;
    const address = addressOf(pending) ?? pending;
    return v.recipients.includes(address) ? v : { ...v, recipients: [...v.recipients, address] };
  };

  /** A field's message; an address's names it. */
  const messageFor = (recipients: string[], key: string, message: string) => {
    const { field, index } = fieldOfKey(key);
    const address = index === null ? undefined : recipients[index];
    return { field, text: address ? t('reports.recipientError', { address, message }) : message };
  };
  /** The form checked with the contract's schema: the server's own messages, in the dashboard's language. */
  const check = (v: ReportSettings): Record<string, string> | null => {
    const checked = reportSettingsSchema.safeParse(v);
    if (checked.success) return null;
    const out = errorText.issues(checked.error);
    for (const issue of checked.error.issues) {
      const key = issue.path.join('.');
      const { field, text } = messageFor(v.recipients, key, out[String(issue.path[0])] ?? issue.message);
      if (field === 'recipients' && key !== field) out.recipients = text;
    }
    return out;
  };
  const serverErrors = (v: ReportSettings, err: unknown) => {
    const out: Record<string, string> = {};
    for (const [key, message] of Object.entries(fieldErrors(err))) {
      const { field, text } = messageFor(v.recipients, key, errorText.field(message));
      out[field] ??= text;
    }
    return out;
  };

  const addRecipients = (list: string[]) => {
    const next: string[] = [];
    const wrong: string[] = [];
    for (const item of list) {
      const address = addressOf(item);
      if (!address) wrong.push(item.trim());
      else if (!next.includes(address)) next.push(address);
    }
    setValues({ ...values, recipients: next });
    setErrors({
      ...errors,
      recipients: wrong.length
        ? t('reports.recipientError', { address: wrong.join(', '), message: t('common.errors.invalidEmail') })
        : '',
    });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body = withTyped(values);
    setValues(body);
    setTyped('');
    const wrong = check(body);
    if (wrong) return setErrors(wrong);
    setSaving(true);
    try {
      const saved = await put<ReportSettingsView>(api.settings, body);
      setErrors({});
      // The PUT answers the saved view (next report, last sent); a bare answer leaves the form as sent.
      if (saved && typeof saved === 'object' && 'frequency' in saved) {
        setView(saved);
        setValues(settingsOf(saved));
      } else setView(await get<ReportSettingsView>(api.settings));
      enqueueSnackbar(t('reports.errors.saved'), { variant: 'success' });
    } catch (err) {
      setErrors(serverErrors(body, err));
      enqueueSnackbar(errorText.error(err, t('reports.errors.updateFailed')), { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const sendTest = async () => {
    const body = withTyped(values);
    setValues(body);
    setTyped('');
    setTestResult(null);
    if (body.recipients.length === 0) return setErrors({ ...errors, recipients: t('reports.errors.recipientsRequired') });
    const wrong = check({ ...body, frequency: 'never' });
    if (wrong?.recipients) return setErrors({ ...errors, recipients: wrong.recipients });
    setTesting(true);
    try {
      const answer = await post<ReportTestAnswer>(api.test, { recipients: body.recipients });
      const sent = answer.sent_to;
      setTestResult({
        ok: true,
        text: `${t('reports.errors.testSent', { n: sent.length })}. ${t('reports.sentTo', { addresses: sent.join(', ') })}`,
      });
    } catch (err) {
      const wrongFields = serverErrors(body, err);
      if (wrongFields.recipients) setErrors({ ...errors, recipients: wrongFields.recipients });
      setTestResult({ ok: false, text: errorText.error(err, t('common.somethingWentWrong')) });
    } finally {
      setTesting(false);
    }
  };

  const select = (
    id: string,
    label: string,
    value: string | number,
    onChange: (v: string) => void,
    options: [string | number, string][],
    helper?: string,
  ) => (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!errors[id]}
      helperText={errors[id] || helper}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 200 }}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </TextField>
  );

  // In the reader's own time zone (the browser's).
  const local = (iso: string | null) => dateTime(iso, lang);
  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate sx={{ maxWidth: 720 }}>
      {heading}
      <Typography color="text.secondary">{controlPanel ? t('reports.accountIntro') : t('reports.siteIntro')}</Typography>

      <Box data-testid="report-status">
        <Typography>
          {view.next_run_at ? t('reports.nextRun', { date: local(view.next_run_at) }) : t('reports.noNextRun')}
        </Typography>
        <Typography color="text.secondary">
          {view.last_sent_at ? t('reports.lastSent', { date: local(view.last_sent_at) }) : t('reports.neverSent')}
        </Typography>
        {view.last_error && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('reports.lastError', { error: view.last_error })}
          </Alert>
        )}
      </Box>

      <SectionCard title={t('reports.schedule')}>
        {select(
          'frequency',
          t('reports.frequency'),
          values.frequency,
          (v) => set('frequency', v as ReportSettings['frequency']),
          REPORT_FREQUENCIES.map((f) => [f, t(`reports.frequencies.${f}`)]),
        )}
        {values.frequency === 'weekly' &&
          select(
            'day_of_week',
            t('reports.dayOfWeek'),
            values.day_of_week,
            (v) => set('day_of_week', Number(v)),
            weekdays.map((name, d) => [d, name]),
          )}
        {values.frequency === 'monthly' &&
          select(
            'day_of_month',
            t('reports.dayOfMonth'),
            values.day_of_month,
            (v) => set('day_of_month', Number(v)),
            MONTH_DAYS.map((d) => [d, String(d)]),
            t('reports.dayOfMonthHelp'),
          )}
        {values.frequency !== 'never' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {select(
              'hour',
              t('reports.hour'),
              values.hour,
              (v) => set('hour', Number(v)),
              HOURS.map((h) => [h, hourLabel(h)]),
              controlPanel ? undefined : t('reports.siteZone', { zone: siteZone }),
            )}
            {controlPanel &&
              select(
                'time_zone',
                t('reports.timeZone'),
                values.time_zone,
                (v) => set('time_zone', v),
                zones.map((z) => [z, z]),
              )}
          </Stack>
        )}
      </SectionCard>

      <SectionCard title={t('reports.recipientsSection')}>
        <Autocomplete
          multiple
          freeSolo
          filterSelectedOptions
          id="recipients"
          options={view.suggested_recipients.map((s) => s.email)}
          value={values.recipients}
          inputValue={typed}
          onInputChange={(_, text, reason) => reason !== 'reset' && setTyped(text)}
          onChange={(_, list) => {
            setTyped('');
            addRecipients(list);
          }}
          onBlur={() => {
            if (typed.trim()) {
              addRecipients([...values.recipients, typed]);
              setTyped('');
            }
          }}
          renderOption={({ key, ...props }, email) => {
            const s = suggestions.get(email);
            return (
              <Box component="li" key={key} {...props}>
                <Stack>
                  <Typography>{s ? `${s.name} · ${t(`reports.roles.${s.role}`)}` : email}</Typography>
                  {s && (
                    <Typography variant="body2" color="text.secondary">
                      {email}
                    </Typography>
                  )}
                </Stack>
              </Box>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('reports.recipients')}
              type="email"
              error={!!errors.recipients}
              helperText={errors.recipients || t('reports.recipientsHelp')}
            />
          )}
        />
        {select(
          'language',
          t('reports.language'),
          values.language,
          (v) => set('language', v as ReportSettings['language']),
          REPORT_LANGUAGES.map((l) => [l, t(`reports.languages.${l}`)]),
          t('reports.languageHelp'),
        )}
      </SectionCard>

      <SectionCard title={t('reports.figuresSection')}>
        <FormControl component="fieldset" error={!!errors.figures} variant="standard">
          <FormLabel component="legend">{t('reports.figuresHelp')}</FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {REPORT_FIGURES.map((f) => (
              <FormControlLabel
                key={f}
                label={t(`reports.figures.${f}`)}
                control={
                  <Checkbox
                    checked={values.figures.includes(f)}
                    onChange={(e) =>
                      set(
                        'figures',
                        REPORT_FIGURES.filter((x: ReportFigure) => (x === f ? e.target.checked : values.figures.includes(x))),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {errors.figures && <FormHelperText>{errors.figures}</FormHelperText>}
        </FormControl>
      </SectionCard>

      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? t('reports.saving') : t('reports.save')}
        </Button>
        <Button variant="outlined" onClick={() => void sendTest()} disabled={testing}>
          {testing ? t('reports.sendingTest') : t('reports.sendTest')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('reports.testHelp')}
      </Typography>
      {testResult && (
        <Alert severity={testResult.ok ? 'success' : 'error'} role="status" data-testid="report-test-result">
          {testResult.text}
        </Alert>
      )}
    </Stack>
  );
}
