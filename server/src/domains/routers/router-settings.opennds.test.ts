import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FASKEY_PATTERN } from '@splashboard/contract';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { ownerWithSite, storedRow } from '../../../test/fixtures/router-settings.ts';
import { openNdsView } from './opennds-settings.ts';

let server: TestServer;
beforeAll(async () => {
  // A name under .test never resolves: fasremoteip is left for the operator to fill in.
  server = await startServer({ PUBLIC_URL: 'https://wifi.example.test' });
});
afterAll(() => server?.close());

const lines = (body: { config: { option: string; value: string | null; placeholder: string | null }[] }) =>
  body.config.map((l) => `${l.option} ${l.value ?? `<${l.placeholder}>`}`);

describe('openNDS router settings', () => {
  it('answers level 1, Not configured and the gateway lines before anything is saved', async () => {
    const { client, base, portalKey, siteId } = await ownerWithSite(server, 'opennds');
    const res = await client.get(`${base}/opennds`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      level: 1,
      faskey_set: false,
      status: 'Not configured',
      status_detail: 'Choose the FAS level and save',
      router_type: 'opennds',
      portal_url: `http://wifi.example.test/guest/${portalKey}/`,
      portal_host: 'wifi.example.test',
      warnings: ['http_port_assumed'],
    });
    expect(lines(res.body)).toEqual([
      'fasport 80',
      'fasremoteip <portal_ip>',
      'fasremotefqdn wifi.example.test',
      `faspath /guest/${portalKey}/`,
      'fas_secure_enabled 1',
      'faskey <faskey>',
    ]);
    expect(await storedRow(server, siteId)).toBeUndefined();
  });

  it('saves a level and faskey, seals the key, never answers it, and cannot check a gateway it cannot ask', async () => {
    const { client, base, siteId, accountId } = await ownerWithSite(server, 'opennds');
    const put = await client.put(`${base}/opennds`, { level: 2, faskey: 'Gateway-Key.2024' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      level: 2,
      faskey_set: true,
      status: null,
      status_detail: expect.stringMatching(/no interface/),
    });
    expect(lines(put.body)).toContain('fas_secure_enabled 2');
    expect(JSON.stringify(put.body)).not.toContain('Gateway-Key.2024');
    const get = await client.get(`${base}/opennds`);
    expect(get.body).toEqual(put.body);

    const row = await storedRow(server, siteId);
    expect(row).toMatchObject({
      accountId,
      family: 'opennds',
      config: { level: 2 },
      lookupKey: null,
      knownAps: [],
      status: 'Unknown',
    });
    expect(JSON.stringify(row)).not.toContain('Gateway-Key.2024');
    expect(JSON.parse(server.built.ctx.secrets.open(row!.secretsEnc!))).toEqual({ faskey: 'Gateway-Key.2024' });

    // An empty faskey keeps the stored one; level 3 makes openNDS use https on the portal's own port.
    const level3 = await client.put(`${base}/opennds`, { level: 3, faskey: '' });
    expect(level3.body).toMatchObject({ level: 3, faskey_set: true, warnings: [] });
    expect(level3.body.portal_url).toMatch(/^https:\/\/wifi\.example\.test\/guest\//);
    expect(lines(level3.body).slice(0, 1)).toEqual(['fasport 443']);
    // BinAuth's log script reports the clients openNDS lets go, so the portal can end their sessions.
    expect(lines(level3.body).at(-1)).toBe('binauth /usr/lib/opennds/binauth_log.sh');
    expect(lines((await client.put(`${base}/opennds`, { level: 2 })).body)).not.toContain(
      'binauth /usr/lib/opennds/binauth_log.sh',
    );
    const reopened = JSON.parse(server.built.ctx.secrets.open((await storedRow(server, siteId))!.secretsEnc!));
    expect(reopened).toEqual({ faskey: 'Gateway-Key.2024' });

    // Level 0 needs no key: no faskey line.
    const level0 = await client.put(`${base}/opennds`, { level: 0 });
    expect(level0.body).toMatchObject({ level: 0, status: null });
    expect(lines(level0.body).map((l) => l.split(' ')[0])).not.toContain('faskey');
  });

  it('generates a strong faskey, answers it this once and saves it sealed', async () => {
    const { client, base, siteId } = await ownerWithSite(server, 'opennds');
    const first = await client.post(`${base}/opennds/faskey`);
    expect(first.status).toBe(200);
    expect(first.body.faskey).toMatch(FASKEY_PATTERN);
    expect(first.body.faskey).toHaveLength(32);
    expect(first.body.settings).toMatchObject({ level: 1, faskey_set: true, status: null });
    const stored = JSON.parse(server.built.ctx.secrets.open((await storedRow(server, siteId))!.secretsEnc!));
    expect(stored).toEqual({ faskey: first.body.faskey });
    expect(JSON.stringify((await client.get(`${base}/opennds`)).body)).not.toContain(first.body.faskey);

    await client.put(`${base}/opennds`, { level: 2 });
    const second = await client.post(`${base}/opennds/faskey`);
    expect(second.body.faskey).not.toBe(first.body.faskey);
    expect(second.body.settings.level).toBe(2);
  });
});

describe('openNDS gateway lines', () => {
  const view = (publicUrl: string, level: number, resolvedIp: string | null = null) =>
    openNdsView({ ...emptyRow, config: { level }, secrets: { faskey: 'k'.repeat(16) } }, 'opennds', {
      publicUrl,
      portalKey: 'abc123',
      resolvedIp,
    });
  const emptyRow = {
    family: 'opennds',
    lookupKey: null,
    knownAps: [],
    status: 'Unknown' as const,
    statusDetail: '',
    statusCheckedAt: null,
    updatedAt: new Date(),
  };

  it('uses fasremoteip alone for an IP address, with the portal port when the scheme matches', () => {
    const v = view('http://203.0.113.7:8080', 1);
    expect(lines(v)).toEqual([
      'fasport 8080',
      'fasremoteip 203.0.113.7',
      'faspath /guest/abc123/',
      'fas_secure_enabled 1',
      'faskey <faskey>',
    ]);
    expect(v.portal_url).toBe('http://203.0.113.7:8080/guest/abc123/');
    expect(v.warnings).toEqual([]);
  });

  it('gives the resolved address with the name, and says when https must be assumed on 443', () => {
    const v = view('http://portal.example.com', 3, '198.51.100.4');
    expect(lines(v).slice(0, 3)).toEqual(['fasport 443', 'fasremoteip 198.51.100.4', 'fasremotefqdn portal.example.com']);
    expect(v.warnings).toEqual(['https_port_assumed']);
    expect(v.portal_url).toBe('https://portal.example.com/guest/abc123/');
  });
});
