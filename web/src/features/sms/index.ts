import { lazy } from 'react';
import type { Feature } from '../../app/feature.ts';

const SmsConfigPage = lazy(() => import('./SmsConfigPage.tsx').then((m) => ({ default: m.SmsConfigPage })));

export const sms: Feature = {
  routes: [{ path: '/app/settings-view/sms-config', guard: { kind: 'site', permission: 'smsgateway' }, page: SmsConfigPage }],
};
