// One lazy chunk for the router settings pages.
export { UnifiSettingsPage } from './UnifiSettingsPage.tsx';
export { OpenNdsSettingsPage } from './OpenNdsSettingsPage.tsx';
export {
  OmadaSettingsPage,
  MerakiSettingsPage,
  MerakiGoSettingsPage,
  MistSettingsPage,
  SmartZoneSettingsPage,
  RuckusCloudSettingsPage,
} from './ApiRouterSettingsPage.tsx';
export { RadiusGatewaySettingsPage } from './RadiusGatewaySettingsPage.tsx';
