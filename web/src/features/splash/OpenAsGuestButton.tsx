import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import type { PortalTest } from '@splashboard/contract';
import { post } from '../../app/api.ts';
import './linkStrings.ts';

/**
 * Opens the site's real guest portal in test mode in a new tab: the server gives this operator a
 * short-lived address (`setup/portal-test`), and the tab, opened at the click so that no pop-up blocker
 * stops it, goes there once the address is in.
 */
export function OpenAsGuestButton({ siteId, onOpened, ...props }: { siteId: number; onOpened?: () => void } & ButtonProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const { url } = await post<PortalTest>(`/s/${siteId}/api/v1/setup/portal-test`);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
      onOpened?.();
    } catch {
      tab?.close();
      enqueueSnackbar(t('splash.openAsGuest.failed'), { variant: 'error' });
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button variant="outlined" {...props} disabled={opening || props.disabled} onClick={() => void open()}>
      {t('splash.openAsGuest.button')}
    </Button>
  );
}
