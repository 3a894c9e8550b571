import { createElement, lazy } from 'react';
import { RADIUS_GATEWAY_TYPES, type RadiusGatewayType } from '@splashboard/contract/radius-gateways';
import type { Feature, FeatureRoute, PageGuard } from '../../app/feature.ts';

const routerPages = () => import('./pages.ts');
const UnifiSettingsPage = lazy(() => routerPages().then((m) => ({ default: m.UnifiSettingsPage })));
const OpenNdsSettingsPage = lazy(() => routerPages().then((m) => ({ default: m.OpenNdsSettingsPage })));
const RadiusGatewaySettingsPage = lazy(() => routerPages().then((m) => ({ default: m.RadiusGatewaySettingsPage })));
const OmadaSettingsPage = lazy(() => routerPages().then((m) => ({ default: m.OmadaSettingsPage })));
const MerakiSettingsPage = lazy(() => routerPages().then((m) => ({ default: m.MerakiSettingsPage })));
const MerakiGoSettingsPage = lazy(() => routerPages().then((m) => ({ default: m.MerakiGoSettingsPage })));
const MistSettingsPage = lazy(() => routerPages().then((m) => ({ default: m.MistSettingsPage })));
const SmartZoneSettingsPage = lazy(() => routerPages().then((m) => ({ default: m.SmartZoneSettingsPage })));
const RuckusCloudSettingsPage = lazy(() => routerPages().then((m) => ({ default: m.RuckusCloudSettingsPage })));

/** Router settings are forms: a Read Only client sees them with their controls disabled. */
const guard: PageGuard = { kind: 'site', permission: 'routersettings', form: true };

const radiusGateway = (family: RadiusGatewayType): FeatureRoute => ({
  path: `/app/settings-view/${family}`,
  guard,
  element: () => createElement(RadiusGatewaySettingsPage, { family }),
});

export const routers: Feature = {
  routes: [
    { path: '/app/settings-view/unifi', guard, page: UnifiSettingsPage },
    { path: '/app/settings-view/opennds', guard, page: OpenNdsSettingsPage },
    ...RADIUS_GATEWAY_TYPES.map(radiusGateway),
    { path: '/app/settings-view/omada', guard, page: OmadaSettingsPage },
    { path: '/app/settings-view/meraki', guard, page: MerakiSettingsPage },
    { path: '/app/settings-view/merakigo', guard, page: MerakiGoSettingsPage },
    { path: '/app/settings-view/mist', guard, page: MistSettingsPage },
    { path: '/app/settings-view/smartzone', guard, page: SmartZoneSettingsPage },
    { path: '/app/settings-view/ruckus_cloud', guard, page: RuckusCloudSettingsPage },
  ],
};
