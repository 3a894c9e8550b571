import { fill } from '@splashboard/splash';
import type { AuthMethod } from '@splashboard/contract';
import type { AccessLimits } from '../adapters/controllers/index.ts';
import type { PortalPass } from './pass.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { messagePage, type PortalAnswer } from './views.ts';

/** The device a test login names: locally administered, so it is no real device's. */
export const TEST_CLIENT_MAC = '02:00:00:00:00:01';

/** Where a test login stops: what the router would have been told, instead of telling it. */
export function testGrantPage(
  snap: SiteSnapshot,
  pass: PortalPass,
  login: { method: AuthMethod; identity: string; limits: Required<AccessLimits>; continueUrl: string },
): PortalAnswer {
  const { limits } = login;
  return messagePage(snap, pass.lang, (t) => {
    const orUnlimited = (n: number, template: string) => (n > 0 ? fill(template, { count: n }) : t.testUnlimited);
    const mac = pass.arrival.clientMac ?? '';
    return {
      tone: 'success',
      title: t.testTitle,
      body: t.testBody,
      details: [
        { label: t.testRouter, value: snap.site.routerType ?? t.testNoRouter },
        { label: t.testDevice, value: mac === TEST_CLIENT_MAC ? fill(t.testTestDevice, { mac }) : mac },
        { label: t.testMethod, value: login.method },
        { label: t.testGuest, value: login.identity },
        { label: t.testTime, value: fill(t.testMinutes, { count: limits.minutes }) },
        { label: t.testDownload, value: orUnlimited(limits.downKbps, t.testKbps) },
        { label: t.testUpload, value: orUnlimited(limits.upKbps, t.testKbps) },
        { label: t.testData, value: orUnlimited(limits.quotaMB, t.testMb) },
        { label: t.testRedirect, value: login.continueUrl || t.testNoRedirect },
      ],
      extra: t.testExtra,
    };
  });
}
