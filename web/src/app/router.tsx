import { lazy, Suspense, type ReactNode } from 'react';
import { preloadable } from './preload.ts';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { NotFoundPage } from '../features/auth/NotFoundPage.tsx';
import { PermissionGuard, SignedIn, SignedInOnly, SignedOutOnly, SiteGuard } from '../features/auth/guards.tsx';
import { logout } from './session.ts';
import { SiteParamSync } from './Startup.tsx';
import type { Store } from './store.ts';
import type { Site } from '@splashboard/contract';
import { ONBOARDING_STEPS } from '../features/signup/steps.ts';
import { RADIUS_GATEWAY_TYPES } from '@splashboard/contract/radius-gateways';

// The signed-in frame loads after sign-in, so that the sign-in page stays small.
const AppLayout = preloadable(() => import('../layout/AppLayout.tsx').then((m) => m.AppLayout));
const DashboardPage = preloadable(() =>
  import('../features/dashboard/DashboardPage.tsx').then((m) => {
    void m.loadCharts().catch(() => {}); // the chart tiles report a failure
    return m.DashboardPage;
  }),
);
const AccountPage = lazy(() => import('../features/account/AccountPage.tsx').then((m) => ({ default: m.AccountPage })));
const settings = () => import('../features/settings/SettingsPages.tsx');
const SettingsViewPage = lazy(() => settings().then((m) => ({ default: m.SettingsViewPage })));
const SiteNamePage = lazy(() => settings().then((m) => ({ default: m.SiteNamePage })));
const RedirectUrlPage = lazy(() => settings().then((m) => ({ default: m.RedirectUrlPage })));
const routers = () => import('../features/routers/pages.ts');
const UnifiSettingsPage = lazy(() => routers().then((m) => ({ default: m.UnifiSettingsPage })));
const OpenNdsSettingsPage = lazy(() => routers().then((m) => ({ default: m.OpenNdsSettingsPage })));
const whitelist = () => import('../features/whitelist/pages.ts');
const WhitelistPage = lazy(() => whitelist().then((m) => ({ default: m.WhitelistPage })));
const WhitelistCreatePage = lazy(() => whitelist().then((m) => ({ default: m.CreatePage })));
const WhitelistEditPage = lazy(() => whitelist().then((m) => ({ default: m.EditPage })));
const UnifiTasksPage = lazy(() => import('../features/unifi-tasks/pages.ts').then((m) => ({ default: m.UnifiTasksPage })));
const AccessHealthPage = lazy(() => import('../features/access-health/pages.ts').then((m) => ({ default: m.AccessHealthPage })));
const OmadaSettingsPage = lazy(() => routers().then((m) => ({ default: m.OmadaSettingsPage })));
const MerakiSettingsPage = lazy(() => routers().then((m) => ({ default: m.MerakiSettingsPage })));
const MerakiGoSettingsPage = lazy(() => routers().then((m) => ({ default: m.MerakiGoSettingsPage })));
const MistSettingsPage = lazy(() => routers().then((m) => ({ default: m.MistSettingsPage })));
const SmartZoneSettingsPage = lazy(() => routers().then((m) => ({ default: m.SmartZoneSettingsPage })));
const RuckusCloudSettingsPage = lazy(() => routers().then((m) => ({ default: m.RuckusCloudSettingsPage })));
const RadiusGatewaySettingsPage = lazy(() => routers().then((m) => ({ default: m.RadiusGatewaySettingsPage })));
const SmsConfigPage = lazy(() => import('../features/sms/SmsConfigPage.tsx').then((m) => ({ default: m.SmsConfigPage })));
const GuestFieldsPage = lazy(() =>
  import('../features/settings/GuestFieldsPage.tsx').then((m) => ({ default: m.GuestFieldsPage })),
);
const guestAccounts = () => import('../features/guest-accounts/pages.ts');
const GuestAccountsPage = lazy(() => guestAccounts().then((m) => ({ default: m.ManagePage })));
const GuestAccountCreatePage = lazy(() => guestAccounts().then((m) => ({ default: m.CreatePage })));
const GuestAccountEditPage = lazy(() => guestAccounts().then((m) => ({ default: m.EditPage })));
const GuestAccountDetailsPage = lazy(() => guestAccounts().then((m) => ({ default: m.DetailsPage })));
const vouchers = () => import('../features/vouchers/pages.ts');
const VoucherManagePage = lazy(() => vouchers().then((m) => ({ default: m.ManagePage })));
const VoucherCreatePage = lazy(() => vouchers().then((m) => ({ default: m.CreatePage })));
const VoucherDesignPage = lazy(() => vouchers().then((m) => ({ default: m.DesignPage })));
const VoucherDetailsPage = lazy(() => vouchers().then((m) => ({ default: m.DetailsPage })));
const guests = () => import('../features/guests/pages.ts');
const GuestsPage = lazy(() => guests().then((m) => ({ default: m.GuestsPage })));
const GuestDetailsPage = lazy(() => guests().then((m) => ({ default: m.GuestDetailsPage })));
const splash = () => import('../features/splash/pages.ts');
const SplashPagesPage = lazy(() => splash().then((m) => ({ default: m.SplashPagesPage })));
const ScreenStylesPage = lazy(() => splash().then((m) => ({ default: m.ScreenStylesPage })));
const NewSitePage = lazy(() => import('../features/sites/NewSitePage.tsx').then((m) => ({ default: m.NewSitePage })));
const signup = () => import('../features/signup/SignupPages.tsx');
const RegisterPage = lazy(() => signup().then((m) => ({ default: m.RegisterPage })));
const VerificationPage = lazy(() => signup().then((m) => ({ default: m.VerificationPage })));
const RegistrationPage = lazy(() => signup().then((m) => ({ default: m.RegistrationPage })));
const RegistrationSuccessPage = lazy(() => signup().then((m) => ({ default: m.RegistrationSuccessPage })));
const PlansPage = lazy(() => import('../features/signup/PlansPage.tsx').then((m) => ({ default: m.PlansPage })));
const OnboardingPage = lazy(() => import('../features/signup/OnboardingPages.tsx').then((m) => ({ default: m.OnboardingPage })));

/** The two voucher areas: the same screens for single-site and multi-site vouchers. */
const VOUCHER_AREAS = [
  { base: '/app/voucher', kind: 'voucher', permission: 'voucher' },
  { base: '/app/voucher/multisite', kind: 'multisite_voucher', permission: 'multisitevoucher' },
] as const;

/** A signed-in page inside the top bar and side menu, behind the signed-in gate. */
const app = (page: ReactNode) => (
  <SignedIn>
    <AppLayout>
      <SiteParamSync />
      {page}
    </AppLayout>
  </SignedIn>
);

function LogoutRoute() {
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

/**
 * Asks for the chunks of the signed-in page at this address while start-up's calls are out, so that
 * the page can render as soon as they answer (the dashboard, where sign-in and `/app` lead, is the one
 * that matters; other pages load as they render). The dashboard's own calls go out as soon as its chunk
 * and the site's settings are both in, before it renders.
 */
export function preloadSignedIn({ pathname, search }: { pathname: string; search: string }, site: Promise<Site | null>) {
  const path = pathname.replace(/^\/newapp/, '');
  if (!/^\/app(\/|$)/.test(path)) return;
  const dashboard = /^\/app(\/reports\/dashboard)?\/?$/.test(path);
  // The dashboard's chunk first: its calls wait for it, and then the server works while the rest loads.
  if (dashboard) void DashboardPage.preload().catch(() => {});
  void AppLayout.preload().catch(() => {});
  if (!dashboard) return;
  Promise.all([import('../features/dashboard/prefetch.ts'), site]).then(
    ([m, settings]) => settings && m.prefetchDashboard(settings, search),
    () => {}, // the page reports its own failures as it renders
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<Navigate to="/app" replace />} />
        <Route path="/login" element={<SignedOutOnly children={<LoginPage />} />} />
        <Route path="/login-unprotected" element={<LoginPage />} />
        <Route path="/logout" element={<LogoutRoute />} />
        <Route path="/selectPlan" element={<PlansPage />} />
        <Route path="/plan" element={<PlansPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/register/:plan?" element={<SignedOutOnly children={<RegisterPage />} />} />
        <Route path="/signup/verification/:token?" element={<SignedOutOnly children={<VerificationPage />} />} />
        <Route path="/signup/registration/success" element={<SignedInOnly children={<RegistrationSuccessPage />} />} />
        {ONBOARDING_STEPS.map((step) => (
          <Route
            key={step}
            path={`/signup/registration/${step}/:first?`}
            element={<SignedInOnly children={<OnboardingPage key={step} step={step} />} />}
          />
        ))}
        <Route path="/signup/registration/deployment/:first?" element={<SignedInOnly children={<NewSitePage />} />} />
        <Route
          path="/signup/registration/:plan?"
          element={<SignedOutOnly to="/signup/registration/success" children={<RegistrationPage />} />}
        />
        <Route path="/app/site/new/:first?" element={<SignedInOnly children={<NewSitePage />} />} />
        <Route
          path="/app/account/:selectedTab?"
          element={
            <SignedInOnly>
              <AppLayout>
                <SiteParamSync />
                <AccountPage />
              </AppLayout>
            </SignedInOnly>
          }
        />
        <Route path="/app" element={<Navigate to="/app/reports/dashboard" replace />} />
        <Route path="/app/reports/dashboard" element={app(<DashboardPage />)} />
        <Route path="/app/settings-view" element={app(<SiteGuard permission="sitesettings" children={<SettingsViewPage />} />)} />
        <Route
          path="/app/settings-view/site-name"
          element={app(<SiteGuard permission="sitesettings" children={<SiteNamePage />} />)}
        />
        <Route
          path="/app/settings-view/redirect-url"
          element={app(<PermissionGuard permission="sitesettings" children={<RedirectUrlPage />} />)}
        />
        <Route
          path="/app/settings-view/unifi"
          element={app(<SiteGuard permission="routersettings" children={<UnifiSettingsPage />} />)}
        />
        <Route
          path="/app/settings-view/opennds"
          element={app(<SiteGuard permission="routersettings" children={<OpenNdsSettingsPage />} />)}
        />
        {RADIUS_GATEWAY_TYPES.map((family) => (
          <Route
            key={family}
            path={`/app/settings-view/${family}`}
            element={app(<SiteGuard permission="routersettings" children={<RadiusGatewaySettingsPage family={family} />} />)}
          />
        ))}
        <Route
          path="/app/settings-view/unifi-scheduled-tasks"
          element={app(<SiteGuard permission="routersettings" children={<UnifiTasksPage />} />)}
        />
        <Route
          path="/app/settings-view/access-health"
          element={app(<SiteGuard permission="routersettings" children={<AccessHealthPage />} />)}
        />
        <Route
          path="/app/settings-view/whitelisted-devices"
          element={app(<SiteGuard permission="macauth" children={<WhitelistPage />} />)}
        />
        <Route
          path="/app/whitelist/create"
          element={app(<SiteGuard permission="macauth" children={<WhitelistCreatePage />} />)}
        />
        <Route
          path="/app/whitelist/edit/:id"
          element={app(<SiteGuard permission="macauth" children={<WhitelistEditPage />} />)}
        />
        <Route
          path="/app/settings-view/omada"
          element={app(<SiteGuard permission="routersettings" children={<OmadaSettingsPage />} />)}
        />
        <Route
          path="/app/settings-view/meraki"
          element={app(<SiteGuard permission="routersettings" children={<MerakiSettingsPage />} />)}
        />
        <Route
          path="/app/settings-view/merakigo"
          element={app(<SiteGuard permission="routersettings" children={<MerakiGoSettingsPage />} />)}
        />
        <Route
          path="/app/settings-view/mist"
          element={app(<SiteGuard permission="routersettings" children={<MistSettingsPage />} />)}
        />
        <Route
          path="/app/settings-view/smartzone"
          element={app(<SiteGuard permission="routersettings" children={<SmartZoneSettingsPage />} />)}
        />
        <Route
          path="/app/settings-view/ruckus_cloud"
          element={app(<SiteGuard permission="routersettings" children={<RuckusCloudSettingsPage />} />)}
        />
        <Route
          path="/app/settings-view/sms-config"
          element={app(<SiteGuard permission="smsgateway" children={<SmsConfigPage />} />)}
        />
        <Route
          path="/app/settings-view/guest-fields"
          element={app(<SiteGuard permission="sitesettings" children={<GuestFieldsPage />} />)}
        />
        <Route
          path="/app/guestuser/manage"
          element={app(<SiteGuard permission="guestuser" children={<GuestAccountsPage />} />)}
        />
        <Route
          path="/app/guestuser/create"
          element={app(<SiteGuard permission="guestuser" children={<GuestAccountCreatePage />} />)}
        />
        <Route
          path="/app/guestuser/edit/:id"
          element={app(<SiteGuard permission="guestuser" children={<GuestAccountEditPage />} />)}
        />
        <Route
          path="/app/guestuser/details/:id/:p/:rpp/:search?"
          element={app(<SiteGuard permission="guestuser" children={<GuestAccountDetailsPage />} />)}
        />
        {VOUCHER_AREAS.flatMap(({ base, kind, permission }) => [
          <Route
            key={`${base}/manage`}
            path={`${base}/manage`}
            element={app(<SiteGuard permission={permission} children={<VoucherManagePage kind={kind} />} />)}
          />,
          <Route
            key={`${base}/create`}
            path={`${base}/create`}
            element={app(<SiteGuard permission={permission} children={<VoucherCreatePage kind={kind} />} />)}
          />,
          <Route
            key={`${base}/design`}
            path={`${base}/design`}
            element={app(<SiteGuard permission={permission} children={<VoucherDesignPage kind={kind} />} />)}
          />,
          <Route
            key={`${base}/details`}
            path={`${base}/details/:id?`}
            element={app(<SiteGuard permission={permission} children={<VoucherDetailsPage kind={kind} />} />)}
          />,
        ])}
        <Route path="/app/guests" element={app(<SiteGuard permission="guests" children={<GuestsPage />} />)} />
        <Route path="/app/guests/details/:id" element={app(<SiteGuard permission="guests" children={<GuestDetailsPage />} />)} />
        <Route
          path="/app/site/splash-pages"
          element={app(<SiteGuard permission="landingpage" children={<SplashPagesPage />} />)}
        />
        <Route
          path="/app/settings-view/splash/:screen"
          element={app(<SiteGuard permission="sitesettings" children={<ScreenStylesPage />} />)}
        />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
