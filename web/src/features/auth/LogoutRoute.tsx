import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import { logout } from '../../app/session.ts';
import type { Store } from '../../app/store.ts';

export function LogoutRoute() {
  const store = useStore() as Store;
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    logout(store)
      .catch(() => enqueueSnackbar(t('auth.logoutFailed'), { variant: 'error' }))
      .finally(() => navigate('/login', { replace: true }));
  }, [store, navigate, enqueueSnackbar, t]);
  return null;
}
