import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import type { SettingsSummary } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { routerSettingsPage } from '../routers/paths.ts';
import { StatusChip } from '../routers/StatusPanel.tsx';
import './i18n.ts';
import { DeleteSiteSection } from './DeleteSiteSection.tsx';
import { splashScreenLink } from '../splash/linkStrings.ts';
import '../whitelist/linkStrings.ts';
import '../unifi-tasks/linkStrings.ts';
import '../access-health/linkStrings.ts';
import '../clients/linkStrings.ts';
import '../payments/linkStrings.ts';
import '../reports/linkStrings.ts';

const SMS_COLOUR = { on: 'success', off: 'default', not_set: 'default' } as const;

/** One settings page: its name, what it is for, and its state when there is one to tell. */
function Entry({ to, title, purpose, state }: { to: string; title: string; purpose: string; state?: ReactNode }) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton component={RouterLink} to={to} sx={{ gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <ListItemText primary={title} secondary={purpose} sx={{ flex: '1 1 16rem' }} />
        {state && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0, maxWidth: '100%' }}>
            {state}
          </Stack>
        )}
      </ListItemButton>
    </ListItem>
  );
}

/** /app/settings-view: the settings pages of the site, each with its purpose and state (one summary call). */
export function SettingsViewPage() {
  const { t } = useTranslation();
  const site = useAppSelector((s) => s.site.settings);
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const isAdmin = useAppSelector((s) => s.session.user?.role === 'admin');
  const [summary, setSummary] = useState<SettingsSummary | null>(null);
  useEffect(() => {
    if (!siteId) return;
    let live = true;
    get<SettingsSummary>(`/s/${siteId}/api/v1/settings/summary`).then(
      (s) => live && setSummary(s),
      () => live && setSummary(null),
    );
    return () => {
      live = false;
    };
  }, [siteId]);

  const routerPage = site?.permissions.routersettings ? routerSettingsPage(site.router_type) : null;
  const text = (value: string) => (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {value}
    </Typography>
  );
  const methods = summary?.login_methods.filter((m) => m !== 'atos' && m !== 'multilanding') ?? [];

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('settings.title')}
      </Typography>
      <Paper>
        <List disablePadding aria-label={t('settings.title')}>
          <Entry
            to="/app/settings-view/site-name"
            title={t('settings.siteName')}
            purpose={t('settings.index.siteName')}
            state={summary && text(`${summary.general.name} · ${summary.general.timezone}`)}
          />
          <Entry
            to="/app/settings-view/redirect-url"
            title={t('settings.redirectUrl')}
            purpose={t('settings.index.redirectUrl')}
            state={summary && text(summary.redirect_url || t('settings.index.noRedirect'))}
          />
          <Entry
            to="/app/settings-view/guest-fields"
            title={t('settings.guestFieldsLink')}
            purpose={t('settings.index.guestFields')}
          />
          {routerPage && (
            <Entry
              to={routerPage.path}
              title={t('routers.settingsLink', { router: routerPage.label })}
              purpose={t('settings.index.router')}
              state={summary?.router?.has_settings && <StatusChip status={summary.router.status} />}
            />
          )}
          {site?.permissions.landingpage && (
            <Entry
              to={splashScreenLink(site.auth_methods)}
              title={t('splash.settingsLink')}
              purpose={t('settings.index.splash')}
              state={
                summary &&
                text(
                  t('settings.index.methods', {
                    count: methods.length,
                    methods: methods.map((m) => t(`sites.methods.${m}`)).join(', '),
                  }),
                )
              }
            />
          )}
          {site?.permissions.routersettings && site.router_type === 'unifi' && (
            <Entry
              to="/app/settings-view/unifi-scheduled-tasks"
              title={t('unifiTasks.settingsLink')}
              purpose={t('settings.index.unifiTasks')}
            />
          )}
          {site?.permissions.routersettings && (
            <Entry
              to="/app/settings-view/access-health"
              title={t('accessHealth.settingsLink')}
              purpose={t('settings.index.accessHealth')}
            />
          )}
          {site?.permissions.macauth && (
            <Entry
              to="/app/settings-view/whitelisted-devices"
              title={t('whitelist.settingsLink')}
              purpose={t('settings.index.whitelist')}
              state={summary?.whitelist && text(t('settings.index.devices', { count: summary.whitelist.devices }))}
            />
          )}
          {site?.permissions.client_access && (
            <Entry
              to="/app/settings-view/client-access"
              title={t('clients.settingsLink')}
              purpose={t('clients.settingsPurpose')}
            />
          )}
          {site?.permissions.payment && (
            <Entry
              to="/app/settings-view/customer-portal"
              title={t('payments.settingsLink')}
              purpose={t('payments.settingsPurpose')}
            />
          )}
          {site?.permissions.smsgateway && (
            <Entry
              to="/app/settings-view/sms-config"
              title={t('settings.smsConfig')}
              purpose={t('settings.index.sms')}
              state={
                summary?.sms_gateway && (
                  <Chip
                    size="small"
                    variant={summary.sms_gateway.state === 'on' ? 'filled' : 'outlined'}
                    color={SMS_COLOUR[summary.sms_gateway.state]}
                    label={t(`settings.index.smsStates.${summary.sms_gateway.state}`)}
                  />
                )
              }
            />
          )}
          {site?.permissions.integrations && (
            <Entry
              to="/app/settings-view/integrations"
              title={t('settings.integrations')}
              purpose={t('settings.index.integrations')}
            />
          )}
          {site?.permissions.reports && (
            <Entry
              to="/app/settings-view/configure-reports"
              title={t('reports.settingsLink')}
              purpose={t('reports.settingsPurpose')}
            />
          )}
        </List>
      </Paper>
      {isAdmin && site && siteId && site.id === siteId && <DeleteSiteSection key={siteId} siteId={siteId} siteName={site.name} />}
    </Stack>
  );
}
