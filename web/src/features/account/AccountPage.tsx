import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useAppSelector } from '../../app/hooks.ts';
import { ProfileTab, PasswordTab } from './ProfileTabs.tsx';
import { TwoFactorTab } from './TwoFactorTab.tsx';
import { ApiKeyTab } from './ApiKeyTab.tsx';

// Billing's own chunk: only owners open this tab.
const SubscriptionTab = lazy(() => import('../billing/SubscriptionTab.tsx'));

const TABS = ['profile', 'password', 'security', 'apikey', 'subscription'] as const;

export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { selectedTab } = useParams();
  const user = useAppSelector((s) => s.session.user);
  const tabs = TABS.filter((tab) =>
    tab === 'apikey' ? user?.role === 'admin' : tab === 'subscription' ? user?.billing_access : true,
  );
  const current = tabs.find((tab) => tab === selectedTab) ?? 'profile';
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('account.title')}
      </Typography>
      <Tabs
        value={current}
        onChange={(_e, v: string) => navigate(`/app/account/${v}`)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3 }}
      >
        {tabs.map((tab) => (
          <Tab key={tab} value={tab} label={t(`account.${tab}`)} />
        ))}
      </Tabs>
      {current === 'profile' && <ProfileTab />}
      {current === 'password' && <PasswordTab />}
      {current === 'security' && <TwoFactorTab />}
      {current === 'apikey' && <ApiKeyTab />}
      {current === 'subscription' && (
        <Suspense fallback={null}>
          <SubscriptionTab />
        </Suspense>
      )}
    </Box>
  );
}
