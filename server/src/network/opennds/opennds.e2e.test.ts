/**
 * The openNDS adapter against a real openNDS gateway (Debian's `opennds`) in network namespaces.
 * Needs root and the apt packages opennds, iptables, nftables, curl and php-cli: without them this
 * test fails (it does not skip), because the issue requires it to run in CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB, labPrerequisites, startOpenNdsLab, type OpenNdsLab } from '../../../test/fakes/opennds-lab/lab.ts';

for (const level of [1, 2] as const) {
  describe(`openNDS FAS level ${level}, end to end`, () => {
    let lab: OpenNdsLab | undefined;

    beforeAll(async () => {
      const missing = labPrerequisites(level);
      if (missing)
        throw new Error(`${missing}. Install them (apt-get install -y opennds iptables nftables curl php-cli) and run as root.`);
      lab = await startOpenNdsLab({ level, faskey: `splash-${level}-faskey` });
    }, 45_000);

    afterAll(async () => {
      await lab?.close();
    });

    it('redirects the guest to the portal, which sends them through the gateway to the internet', async () => {
      const l = lab!;
      const internet = `http://${LAB.internetIp}/`;
      const blocked = await l.curl(internet);
      expect(blocked.status, l.logs()).toBe(307);
      const toPortal = new URL(blocked.location);
      expect(toPortal.origin + toPortal.pathname).toBe(`http://${LAB.fasIp}:${LAB.fasPort}/fas/`);
      expect(toPortal.searchParams.has('iv')).toBe(level === 2);

      const portal = await l.curl(blocked.location);
      expect(portal.status, `${portal.body}\n${l.logs()}`).toBe(302);
      const grant = new URL(portal.location);
      expect(grant.origin + grant.pathname).toBe(`http://${LAB.gatewayIp}:${LAB.gatewayPort}/opennds_auth/`);
      expect(grant.searchParams.get('tok')).toMatch(/^[0-9a-f]{64}$/);

      const granted = await l.curl(portal.location);
      expect(granted.status, l.logs()).toBe(307);
      expect(granted.location).toBe(internet);

      const through = await l.curl(internet);
      expect(through.status, l.logs()).toBe(200);
      expect(through.body).toBe('hello from the internet\n');

      const clients = JSON.parse(l.ndsctl('json')) as { clients?: Record<string, { ip?: string; state?: string }> };
      const me = Object.values(clients.clients ?? {}).find((c) => c.ip === LAB.clientIp);
      expect(me?.state).toBe('Authenticated');
    });

    it('does not let a forged grant through', async () => {
      const l = lab!;
      l.ndsctl('deauth', LAB.clientIp);
      const forged = await l.curl(
        `http://${LAB.gatewayIp}:${LAB.gatewayPort}/opennds_auth/?tok=${'0'.repeat(64)}&redir=${encodeURIComponent(`http://${LAB.internetIp}/`)}`,
      );
      expect(forged.status).not.toBe(200);
      expect((await l.curl(`http://${LAB.internetIp}/`)).status).toBe(307);
    });
  });
}
