import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { CustomDomain } from '@splashboard/contract';
import { ApiFailure, del, get, post, put } from '../../app/api.ts';
import { translateError } from '../../app/errorText.ts';
import { dateTime } from '../../app/format.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CopyButton } from '../routers/CopyButton.tsx';
import './i18n.ts';

const API = '/a/api/v1/branding/domain';
const STATE_COLOR = { not_added: 'default', in_process: 'warning', enabled: 'success' } as const;

/** /app/branding/domain: the account's white-label domain, the DNS record to create, and its state. */
export function DomainPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [domain, setDomain] = useState<CustomDomain | null>(null);
  const [input, setInput] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const waitFor = useRef<{ since: string | null; until: number } | null>(null);

  const errorText = useCallback(
    (e: unknown) =>
      e instanceof ApiFailure ? translateError({ t, exists: (k) => i18n.exists(k) }, e.error) : t('customDomain.loadFailed'),
    [t, i18n],
  );

  const load = useCallback(async () => {
    try {
      const next = await get<CustomDomain>(API);
      setDomain(next);
      const waiting = waitFor.current;
      if (waiting && (next.last_checked_at !== waiting.since || Date.now() > waiting.until)) {
        waitFor.current = null;
        setChecking(false);
      }
    } catch (e) {
      enqueueSnackbar(errorText(e), { variant: 'error' });
    }
  }, [enqueueSnackbar, errorText]);
  useEffect(() => void load(), [load]);

  // A check runs on the server a moment after it is asked for, and again every minute while In Process.
  useEffect(() => {
    if (!domain || domain.state === 'not_added' || (domain.state === 'enabled' && !checking)) return;
    const timer = setTimeout(() => void load(), checking ? 1500 : 20_000);
    return () => clearTimeout(timer);
  }, [domain, checking, load]);

  const expectCheck = (since: string | null) => {
    waitFor.current = { since, until: Date.now() + 30_000 };
    setChecking(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFieldError('');
    try {
      const next = await put<CustomDomain>(API, { domain: input });
      setDomain(next);
      setInput('');
      enqueueSnackbar(t('customDomain.saved'), { variant: 'success' });
      expectCheck(next.last_checked_at);
    } catch (e) {
      if (e instanceof ApiFailure && e.error.schema_errors.domain) setFieldError(errorText(e));
      else enqueueSnackbar(errorText(e), { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const checkNow = async () => {
    try {
      const next = await post<CustomDomain>(`${API}/check`);
      setDomain(next);
      expectCheck(next.last_checked_at);
    } catch (e) {
      enqueueSnackbar(errorText(e), { variant: 'error' });
    }
  };

  const remove = async () => {
    setRemoving(false);
    try {
      setDomain(await del<CustomDomain>(API));
      waitFor.current = null;
      setChecking(false);
      enqueueSnackbar(t('customDomain.removed'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(errorText(e), { variant: 'error' });
    }
  };

  const lastError =
    domain?.last_error &&
    translateError(
      { t, exists: (k) => i18n.exists(k) },
      { message: domain.last_error, code: domain.last_error_code ?? undefined, params: domain.last_error_params ?? undefined },
    );

  return (
    <Stack spacing={2}>
      <PageHeader>
        <Typography variant="h4" component="h1">
          {t('customDomain.title')}
        </Typography>
        {domain && (
          <Chip
            color={STATE_COLOR[domain.state]}
            label={t(`customDomain.state.${domain.state}`)}
            aria-label={`${t('customDomain.stateLabel')}: ${t(`customDomain.state.${domain.state}`)}`}
            data-testid="domain-state"
          />
        )}
      </PageHeader>
      <Typography>{t('customDomain.intro')}</Typography>

      {domain?.domain && (
        <Paper sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {domain.domain}
            </Typography>
            <div>
              <Typography variant="subtitle1" component="h3">
                {t('customDomain.record')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('customDomain.recordHelp')}
              </Typography>
              <Table size="small" sx={{ mt: 1, '& td': { overflowWrap: 'anywhere' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('customDomain.recordType')}</TableCell>
                    <TableCell>{t('customDomain.recordName')}</TableCell>
                    <TableCell>{t('customDomain.recordValue')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  <TableRow>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>CNAME</TableCell>
                    <TableCell>
                      <code>{domain.domain}</code> <CopyButton text={domain.domain} label={t('customDomain.copyName')} />
                    </TableCell>
                    <TableCell>
                      <code data-testid="cname-target">{domain.cname_target}</code>{' '}
                      <CopyButton text={domain.cname_target} label={t('customDomain.copyValue')} />
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </div>
            <Typography>
              {t('customDomain.lastCheck')}:{' '}
              {domain.last_checked_at ? dateTime(domain.last_checked_at, i18n.language) : t('customDomain.neverChecked')}
              {checking && ` — ${t('customDomain.checking')}`}
            </Typography>
            {domain.state === 'enabled' && domain.enabled_at && (
              <Alert severity="success">
                {t('customDomain.enabledSince')}: {dateTime(domain.enabled_at, i18n.language)}.{' '}
                {t('customDomain.enabledNote', { domain: domain.domain })}
              </Alert>
            )}
            {lastError && (
              <Alert severity={domain.state === 'enabled' ? 'warning' : 'info'} data-testid="domain-error">
                <strong>{t('customDomain.lastError')}:</strong> {lastError}
              </Alert>
            )}
            {domain.state === 'in_process' && <Typography color="text.secondary">{t('customDomain.inProcessNote')}</Typography>}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => void checkNow()} disabled={checking}>
                {checking ? t('customDomain.checking') : t('customDomain.checkNow')}
              </Button>
              <Button color="error" variant="outlined" onClick={() => setRemoving(true)}>
                {t('customDomain.remove')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}

      {domain && (
        <Paper component="form" onSubmit={(e) => void save(e)} sx={{ p: 2 }} noValidate>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {domain.domain ? t('customDomain.change') : t('customDomain.add')}
            </Typography>
            {domain.domain && <Typography color="text.secondary">{t('customDomain.changeHelp')}</Typography>}
            <TextField
              label={t('customDomain.domain')}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              error={!!fieldError}
              helperText={fieldError || t('customDomain.domainHelp')}
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 253 } }}
              fullWidth
            />
            <div>
              <Button type="submit" variant="contained" disabled={saving || !input.trim()}>
                {domain.domain ? t('customDomain.save') : t('customDomain.add')}
              </Button>
            </div>
          </Stack>
        </Paper>
      )}

      <ConfirmDialog
        open={removing}
        title={t('customDomain.removeTitle', { domain: domain?.domain ?? '' })}
        body={t('customDomain.removeBody')}
        confirm={t('customDomain.remove')}
        onCancel={() => setRemoving(false)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
