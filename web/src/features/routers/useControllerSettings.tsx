import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { fieldErrors, get, post, put } from '../../app/api.ts';

type Busy = 'save' | 'check' | null;

/**
 * A controller family's settings page state: the saved settings from `base`, the form's values (secrets
 * blank: they are never sent back whole), field errors, and save and status check through the server.
 * `formOf` must be stable (module level or memoized): settings are loaded again when it changes.
 * `bodyOf` turns the form's values into what the server takes, where they differ.
 */
export function useControllerSettings<S, V>(
  base: string | null,
  formOf: (settings: S) => V,
  bodyOf: (values: V) => unknown = (values) => values,
) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [settings, setSettings] = useState<S | null>(null);
  const [values, setValues] = useState<V | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<Busy>(null);

  useEffect(() => {
    if (!base) return;
    get<S>(base).then(
      (s) => {
        setSettings(s);
        setValues(formOf(s));
      },
      () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }),
    );
  }, [base, formOf, enqueueSnackbar, t]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('save');
    try {
      const saved = await put<S>(base!, bodyOf(values!));
      setSettings(saved);
      setValues(formOf(saved));
      setErrors({});
      enqueueSnackbar(t('common.saved'), { variant: 'success' });
    } catch (err) {
      setErrors(fieldErrors(err));
      enqueueSnackbar(t('common.saveFailed'), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    setBusy('check');
    try {
      setSettings(await post<S>(`${base}/status`));
    } catch {
      enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  /** Reads the settings again after a change made elsewhere on the page, leaving the form as it is. */
  const reload = useCallback(() => {
    if (!base) return;
    get<S>(base).then(setSettings, () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }));
  }, [base, enqueueSnackbar, t]);

  return { settings, values, setValues, errors, busy, save, check, reload };
}

/** 'Check status', which asks the controller now; only for the router type the location uses. */
export function CheckStatusButton({ busy, wrongRouter, onCheck }: { busy: Busy; wrongRouter: boolean; onCheck: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outlined"
      onClick={onCheck}
      disabled={busy !== null || wrongRouter}
      startIcon={busy === 'check' ? <CircularProgress size={16} /> : undefined}
    >
      {busy === 'check' ? t('routers.checking') : t('routers.checkStatus')}
    </Button>
  );
}

/** The settings form's submit button, 'Saving…' while the server saves and checks. */
export function SaveSettingsButton({ busy, label }: { busy: Busy; label: string }) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy !== null}
      sx={{ alignSelf: 'flex-start' }}
      startIcon={busy === 'save' ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {busy === 'save' ? t('routers.saving') : label}
    </Button>
  );
}
