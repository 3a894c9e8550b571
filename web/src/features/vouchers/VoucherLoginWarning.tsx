import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Site, VoucherKind } from '@splashboard/contract';
import { get, put } from '../../app/api.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { siteSettingsLoaded } from '../../app/store.ts';
import { useErrorText } from '../../app/errorText.ts';
import './i18n.ts';

/** The login method guests type a batch's codes into. */
const METHOD_OF: Record<VoucherKind, 'voucher' | 'multisitevoucher'> = {
  voucher: 'voucher',
  multisite_voucher: 'multisitevoucher',
};

/**
 * A batch made at a location whose splash page offers no voucher login cannot be used by anyone: says so,
 * and turns the method on (the site's login methods, as the splash page designer saves them).
 */
export function VoucherLoginWarning({ kind, siteId }: { kind: VoucherKind; siteId: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const site = useAppSelector((s) => (s.site.settings?.id === siteId ? s.site.settings : null));
  const [busy, setBusy] = useState(false);
  const method = METHOD_OF[kind];

  // The methods may have changed since start-up (in the designer, in another tab): read them afresh.
  useEffect(() => {
    if (!siteId) return;
    get<Site>(`/s/api/v1/site/${siteId}`).then(
      (s) => dispatch(siteSettingsLoaded(s)),
      () => {},
    );
  }, [siteId, dispatch]);

  if (!site || site.auth_methods.includes(method)) return null;

  const turnOn = async () => {
    setBusy(true);
    try {
      const saved = await put<Site>(`/s/api/v1/site/${siteId}`, { auth_methods: [...site.auth_methods, method] });
      dispatch(siteSettingsLoaded(saved));
      enqueueSnackbar(t('vouchers.loginOff.turnedOn'), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('common.saveFailed')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="warning"
      action={
        site.permissions.sitesettings ? (
          <Button color="inherit" size="small" onClick={() => void turnOn()} disabled={busy}>
            {t('vouchers.loginOff.turnOn')}
          </Button>
        ) : undefined
      }
    >
      {t(`vouchers.loginOff.${kind}`)}
    </Alert>
  );
}
