import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { guestSessions, radiusSessions } from '../../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../../test/harness.ts';
import { textOf } from '../../../../test/portal.ts';
import { gatewayFormOf, radiusGatewaySite, sealedRadiusPassword, type GatewaySite } from '../../../../test/radius-gateway.ts';
import { radclient, sendAccessRequest, startDisconnectListener } from '../../../../test/radius-nas.ts';
import type { RadiusServer } from '../../radius/server.ts';
import { parseMikrotikOctal, uamPasswordDecode } from './passwords.ts';

/**
 * Each RADIUS gateway family end to end: the gateway's redirect to the portal, the guest's login, the
 * form (or URL) the portal sends the browser to, then what the gateway would do with it: an
 * Access-Request to our RADIUS server with radclient, in that vendor's attributes and MAC formats, and
 * accounting that updates the guest's session.
 */
let server: TestServer;
let radius: RadiusServer;
let disconnectSecret = '';
let disconnects: Awaited<ReturnType<typeof startDisconnectListener>>;
const created: GatewaySite[] = [];

beforeAll(async () => {
  disconnects = await startDisconnectListener(() => disconnectSecret);
  server = await startServer({
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    RADIUS_HOST: '127.0.0.1',
    RADIUS_AUTH_PORT: '0',
    RADIUS_ACCT_PORT: '0',
    RADIUS_DISCONNECT_PORT: String(disconnects.port),
  });
  radius = await server.built.startRadius();
});
afterAll(async () => {
  await server?.close();
  await disconnects?.close();
});
// NAS addresses are unique across accounts: each test's gateway leaves when it is done.
afterEach(async () => {
  for (const s of created.splice(0)) await s.owner.del(`${s.api}/radiusclients/${s.nasId}`);
});

const db = () => server.handle.db;
const LIMITS = { time_limit: 90, speed_ul: 512, speed_dl: 2048, data_limit: 5000 };
// 5000 MB = 1 gigaword (2^32) + 705032704 bytes.
const QUOTA_LOW = 5_000_000_000 - 2 ** 32;

async function gatewaySite(family: string, opts: Parameters<typeof radiusGatewaySite>[2] = {}) {
  const s = await radiusGatewaySite(server, family, opts);
  created.push(s);
  const limits = await s.owner.put(`${s.api}/clickthrpughloginconfig/`, LIMITS);
  expect(limits.status).toBe(200);
  return s;
}

async function page(path: string, init: RequestInit = {}) {
  const res = await fetch(new URL(path, server.url), {
    ...init,
    redirect: 'manual',
    headers: { 'accept-language': 'en-US', 'user-agent': 'Mozilla/5.0 (iPhone) Mobile', ...(init.headers ?? {}) },
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text(), headers: res.headers };
}

/** The guest arrives from the gateway's redirect and clicks through: the portal's last answer. */
async function clickThrough(s: GatewaySite, query: Record<string, string>) {
  const first = await page(`/guest/${s.portalKey}/?${new URLSearchParams(query)}`);
  expect(first.status).toBe(303);
  const done = await page(new URL('clickthrough', new URL(first.location!, server.url)).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  const [session] = await db().select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
  return { done, session: session! };
}

/** Another login of the same device: the newest of the site's sessions. */
async function clickThroughAgain(s: GatewaySite, query: Record<string, string>) {
  await clickThrough(s, query);
  const rows = await db().select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
  return { session: rows.sort((a, b) => b.id - a.id)[0]! };
}

interface Case {
  family: string;
  settings?: Record<string, unknown>;
  query: Record<string, string>;
  /** What the browser is sent to: a self-submitting form, or a redirect to a URL. */
  expect: { action: string; method: 'post' | 'get' | 'redirect'; fields: Record<string, string | RegExp> };
  /** The names of the credential fields in that form. */
  user: string;
  pass: string;
  /** The password the gateway will put in the Access-Request, from what the browser sent. */
  gatewayPassword?: (sent: string) => string;
  /** The Access-Request's other attributes (radclient syntax). */
  nas: string[];
  reply: RegExp[];
}

const WISPR = [/WISPr-Bandwidth-Max-Up = 512000/, /WISPr-Bandwidth-Max-Down = 2048000/];
const CHALLENGE = '0123456789abcdef0123456789abcdef';

const CASES: Case[] = [
  {
    family: 'mikrotik',
    settings: { use_chap: false },
    query: {
      mac: 'AA:BB:CC:00:00:01',
      ip: '10.5.50.2',
      'link-login-only': 'http://10.5.50.1/login',
      'link-orig': 'http://example.com/news',
      'chap-id': '',
      'chap-challenge': '',
      error: '',
    },
    expect: {
      action: 'http://10.5.50.1/login',
      method: 'post',
      fields: { username: /^sb-/, password: /^\w{15}$/, dst: 'http://example.com/news', popup: 'false' },
    },
    user: 'username',
    pass: 'password',
    nas: [
      'Calling-Station-Id = "AA:BB:CC:00:00:01"',
      'Called-Station-Id = "hotspot1"',
      'NAS-Identifier = "MikroTik"',
      'Framed-IP-Address = 10.5.50.2',
      'NAS-Port-Type = Wireless-802.11',
    ],
    reply: [
      /Mikrotik-Rate-Limit = "512k\/2048k"/,
      new RegExp(`Mikrotik-Total-Limit = ${QUOTA_LOW}`),
      /Mikrotik-Total-Limit-Gigawords = 1/,
    ],
  },
  {
    family: 'ciscowlc',
    query: {
      switch_url: 'https://1.1.1.1/login.html',
      ap_mac: '00:11:22:33:44:50',
      client_mac: 'aa:bb:cc:00:00:02',
      wlan: 'Guest',
      redirect: 'http://example.com/',
    },
    expect: {
      action: 'https://1.1.1.1/login.html',
      method: 'post',
      fields: { buttonClicked: '4', err_flag: '0', username: /^sb-/, password: /\w+/, redirect_url: 'http://example.com/' },
    },
    user: 'username',
    pass: 'password',
    nas: ['Calling-Station-Id = "aa-bb-cc-00-00-02"', 'Called-Station-Id = "00-11-22-33-44-50:Guest"', 'NAS-Identifier = "wlc1"'],
    reply: [/Airespace-Data-Bandwidth-Average-Contract = 2048/, /Airespace-Data-Bandwidth-Average-Contract-Upstream = 512/],
  },
  ...(['arubaiap', 'arubacentral'] as const).map((family): Case => ({
    family,
    settings: { role_name: 'guest-limited' },
    query: {
      cmd: 'login',
      mac: 'aa:bb:cc:00:00:03',
      essid: 'Guest',
      ip: '192.168.1.23',
      apname: 'ap-lobby',
      apmac: '00:0b:86:be:9a:30',
      vcname: 'instant-C4',
      switchip: 'securelogin.arubanetworks.com',
      url: 'http://example.com/',
    },
    expect: {
      action: 'https://securelogin.arubanetworks.com/cgi-bin/login',
      method: 'post',
      fields: { cmd: 'authenticate', user: /^sb-/, password: /\w+/, url: 'http://example.com/' },
    },
    user: 'user',
    pass: 'password',
    nas: [
      'Calling-Station-Id = "aabbcc000003"',
      'Called-Station-Id = "000B86BE9A30"',
      'NAS-Identifier = "instant-C4"',
      'Aruba-Essid-Name = "Guest"',
    ],
    reply: [/Aruba-User-Role = "guest-limited"/, ...WISPR],
  })),
  {
    family: 'aruba',
    settings: { role_name: 'guest-logon-ok', controller_host: 'controller.example.net' },
    query: { cmd: 'login', mac: 'aa:bb:cc:00:00:04', essid: 'Guest', ip: '10.9.0.4', url: 'http://example.com/' },
    expect: {
      action: 'https://controller.example.net/cgi-bin/login',
      method: 'post',
      fields: { cmd: 'authenticate', user: /^sb-/, password: /\w+/, url: 'http://example.com/' },
    },
    user: 'user',
    pass: 'password',
    nas: ['Calling-Station-Id = "aabbcc000004"', 'NAS-Identifier = "aruba-mc"'],
    reply: [/Aruba-User-Role = "guest-logon-ok"/],
  },
  {
    family: 'arubainstanton',
    query: {
      cmd: 'login',
      mac: 'aa:bb:cc:00:00:05',
      network: 'Cafe Guest',
      ip: '192.168.2.5',
      apmac: '20:4c:03:00:00:01',
      site: 'cafe',
      post: 'captiveportal-login.arubainstanton.com',
      url: 'http://example.com/',
    },
    expect: {
      action: 'https://captiveportal-login.arubainstanton.com/cgi-bin/login',
      method: 'post',
      fields: { cmd: 'authenticate', user: /^sb-/, password: /\w+/ },
    },
    user: 'user',
    pass: 'password',
    nas: ['Calling-Station-Id = "AABBCC000005"', 'Called-Station-Id = "204C03000001"'],
    reply: WISPR,
  },
  {
    family: 'ruckusunleashed',
    settings: { role_name: 'Guests' },
    query: {
      sip: '192.168.0.10',
      mac: '24:c9:a1:00:00:01',
      client_mac: 'aa:bb:cc:00:00:06',
      uip: '192.168.0.66',
      lid: '',
      dn: 'unleashed.local',
      url: 'http://example.com/',
      ssid: 'Guest',
      vlan: '1',
    },
    expect: { action: 'http://192.168.0.10:9997/login', method: 'post', fields: { username: /^sb-/, password: /\w+/ } },
    user: 'username',
    pass: 'password',
    nas: [
      'Calling-Station-Id = "AA-BB-CC-00-00-06"',
      'Called-Station-Id = "24-C9-A1-00-00-01:Guest"',
      'NAS-Identifier = "24-C9-A1-00-00-01"',
    ],
    reply: [/Ruckus-User-Groups = "Guests"/, ...WISPR],
  },
  {
    family: 'ruckus',
    settings: { use_https: true },
    query: {
      sip: 'zd.example.net',
      mac: '24:c9:a1:00:00:02',
      client_mac: 'aa:bb:cc:00:00:07',
      uip: '10.0.0.7',
      url: 'http://example.com/',
      ssid: 'Guest',
    },
    expect: { action: 'https://zd.example.net:9998/login', method: 'post', fields: { username: /^sb-/, password: /\w+/ } },
    user: 'username',
    pass: 'password',
    nas: ['Calling-Station-Id = "AA-BB-CC-00-00-07"', 'Called-Station-Id = "24-C9-A1-00-00-02:Guest"'],
    reply: WISPR,
  },
  {
    family: 'zyxelnebula',
    query: {
      apmac: 'bc:cf:4f:00:00:01',
      usermac: 'aa:bb:cc:00:00:08',
      apip: '192.168.1.2',
      userip: '192.168.1.88',
      ssid_name: 'Guest',
      apurl: 'http://192.168.1.2:8008/login.cgi',
      error_num: '0',
    },
    expect: { action: 'http://192.168.1.2:8008/login.cgi', method: 'post', fields: { username: /^sb-/, password: /\w+/ } },
    user: 'username',
    pass: 'password',
    nas: ['Calling-Station-Id = "AA-BB-CC-00-00-08"', 'Called-Station-Id = "BC-CF-4F-00-00-01:Guest"'],
    reply: WISPR,
  },
  {
    family: 'draytek',
    query: {
      apmac: '00:1d:aa:00:00:01',
      client_mac: 'aa:bb:cc:00:00:09',
      loginurl: 'http://192.168.1.1/hotspot/login',
      target: 'http://example.com/',
    },
    expect: { action: 'http://192.168.1.1/hotspot/login', method: 'redirect', fields: { username: /^sb-/, password: /\w+/ } },
    user: 'username',
    pass: 'password',
    nas: ['Calling-Station-Id = "aa:bb:cc:00:00:09"', 'NAS-Identifier = "Vigor"'],
    reply: WISPR,
  },
  {
    family: 'cnmaestro',
    query: {
      ga_ssid: 'Guest',
      ga_ap_mac: '00-04-56-00-00-01',
      ga_nas_id: 'cnPilot-E400',
      ga_srvr: '10.0.0.5',
      ga_cmac: 'AA-BB-CC-00-00-0A',
      ga_Qv: 'eUROAxsaBhUWAAMJBkk',
      ga_orig_url: 'http://example.com/',
    },
    expect: {
      action:
        'http://10.0.0.5:880/cgi-bin/hotspot_login.cgi?ga_ssid=Guest&ga_ap_mac=00-04-56-00-00-01&ga_nas_id=cnPilot-E400&ga_srvr=10.0.0.5&ga_cmac=AA-BB-CC-00-00-0A&ga_Qv=eUROAxsaBhUWAAMJBkk&ga_orig_url=http%3A%2F%2Fexample.com%2F',
      method: 'post',
      fields: { ga_user: /^sb-/, ga_pass: /\w+/ },
    },
    user: 'ga_user',
    pass: 'ga_pass',
    nas: [
      'Calling-Station-Id = "AA-BB-CC-00-00-0A"',
      'Called-Station-Id = "00-04-56-00-00-01:Guest"',
      'NAS-Identifier = "cnPilot-E400"',
    ],
    reply: [
      ...WISPR,
      new RegExp(`Cambium-Traffic-Quota-Limit-Total = ${QUOTA_LOW}`),
      /Cambium-Traffic-Quota-Limit-Total-Gigwords = 1/,
    ],
  },
  {
    family: 'ignitenet',
    settings: {
      login_method: 'get',
      field_names: { client_mac: 'client', login_url: 'loginurl', original_url: 'orig', username: 'user', password: 'pass' },
    },
    query: { client: 'aabbcc00000b', loginurl: 'http://172.16.0.1:8080/auth', orig: 'http://example.com/' },
    expect: { action: 'http://172.16.0.1:8080/auth', method: 'get', fields: { user: /^sb-/, pass: /\w+/ } },
    user: 'user',
    pass: 'pass',
    nas: ['Calling-Station-Id = "AA-BB-CC-00-00-0B"'],
    // A quota above 4 GiB does not fit ChilliSpot's 32-bit octets: the largest value is sent.
    reply: [...WISPR, /ChilliSpot-Max-Total-Octets = 4294967295/],
  },
  {
    family: 'openmesh',
    settings: { uam_secret: 'mesh-secret' },
    query: {
      res: 'notyet',
      uamip: '10.255.255.1',
      uamport: '3990',
      mac: 'AA-BB-CC-00-00-0C',
      called: 'AC-86-74-00-00-01',
      ssid: 'Guest',
      nasid: 'openmesh-1',
      userurl: 'http://example.com/',
      challenge: CHALLENGE,
    },
    expect: {
      action: 'http://10.255.255.1:3990/logon',
      method: 'redirect',
      fields: { username: /^sb-/, password: /^[0-9a-f]{32}$/, userurl: 'http://example.com/' },
    },
    user: 'username',
    pass: 'password',
    gatewayPassword: (sent) => uamPasswordDecode(sent, CHALLENGE, 'mesh-secret'),
    nas: ['Calling-Station-Id = "AA-BB-CC-00-00-0C"', 'Called-Station-Id = "AC-86-74-00-00-01"', 'NAS-Identifier = "openmesh-1"'],
    reply: [...WISPR, /ChilliSpot-Max-Total-Octets = 4294967295/],
  },
];

/** What the browser hands the gateway: the form's fields, or the redirect URL's query. */
function browserSubmission(c: Case, done: { status: number; location: string | null; html: string }) {
  if (c.expect.method === 'redirect') {
    expect(done.status).toBe(303);
    const url = new URL(done.location!);
    expect(`${url.origin}${url.pathname}`).toBe(c.expect.action);
    return Object.fromEntries(url.searchParams);
  }
  expect(done.status).toBe(200);
  const form = gatewayFormOf(done.html)!;
  expect(form).toMatchObject({ action: c.expect.action, method: c.expect.method, autoSubmits: true });
  expect(textOf(done.html)).toContain('Connecting you to the Wi-Fi');
  // The page may post to the gateway and run only its own auto-submit script.
  expect(done.html).toContain('<button class="btn go" type="submit">Connect</button>');
  return form.fields;
}

describe.each(CASES)('a guest behind $family', (c) => {
  it('logs in on the portal, the gateway asks RADIUS once and gets the limits, accounting updates the session', async () => {
    const s = await gatewaySite(c.family, { settings: c.settings });
    const { done, session } = await clickThrough(s, c.query);
    const fields = browserSubmission(c, done);
    for (const [name, value] of Object.entries(c.expect.fields)) {
      if (value instanceof RegExp) expect(fields[name]).toMatch(value);
      else expect(fields[name]).toBe(value);
    }
    expect(session).toMatchObject({ family: c.family, grantStatus: 'granted', radiusUsername: fields[c.user] });
    expect(session.radiusPasswordEnc).not.toContain(fields[c.pass]);

    const username = fields[c.user]!;
    const password = c.gatewayPassword ? c.gatewayPassword(fields[c.pass]!) : fields[c.pass]!;
    const request = (pw: string) => [
      `User-Name = "${username}"`,
      `User-Password = "${pw}"`,
      ...c.nas,
      'Message-Authenticator = 0x00',
    ];

    const wrong = await radclient(radius.ports.auth, 'auth', s.secret, request('not-the-password'));
    expect(wrong.code, wrong.out).toBe('Access-Reject');

    const accepted = await radclient(radius.ports.auth, 'auth', s.secret, request(password));
    expect(accepted.code).toBe('Access-Accept');
    const timeout = Number(/Session-Timeout = (\d+)/.exec(accepted.out)?.[1]);
    expect(timeout).toBeGreaterThan(90 * 60 - 60);
    expect(timeout).toBeLessThanOrEqual(90 * 60);
    expect(accepted.out).toMatch(/Idle-Timeout = 900/);
    expect(accepted.out).toMatch(/Acct-Interim-Interval = 300/);
    for (const attribute of c.reply) expect(accepted.out).toMatch(attribute);
    const [confirmed] = await db().select().from(guestSessions).where(eq(guestSessions.id, session.id));
    expect(confirmed).toMatchObject({ grantStatus: 'confirmed', radiusPasswordEnc: null });

    const replayed = await radclient(radius.ports.auth, 'auth', s.secret, request(password));
    expect(replayed.code).toBe('Access-Reject');

    const acctId = `${c.family}-${session.id}`;
    const base = [`Acct-Session-Id = "${acctId}"`, `User-Name = "${username}"`, ...c.nas];
    const acct = (lines: string[]) => radclient(radius.ports.acct, 'acct', s.secret, [...base, ...lines]);
    expect((await acct(['Acct-Status-Type = Start'])).code).toBe('Accounting-Response');
    expect(
      (
        await acct([
          'Acct-Status-Type = Interim-Update',
          'Acct-Input-Octets = 1000',
          'Acct-Output-Octets = 5',
          'Acct-Session-Time = 300',
        ])
      ).code,
    ).toBe('Accounting-Response');
    const [mid] = await db().select().from(guestSessions).where(eq(guestSessions.id, session.id));
    expect(mid).toMatchObject({ bytesUp: 1000, bytesDown: 5, endedAt: null });
    expect(
      (
        await acct([
          'Acct-Status-Type = Stop',
          'Acct-Input-Octets = 2000',
          'Acct-Output-Octets = 7',
          'Acct-Output-Gigawords = 1',
          'Acct-Session-Time = 600',
          'Acct-Terminate-Cause = User-Request',
        ])
      ).code,
    ).toBe('Accounting-Response');
    const [ended] = await db().select().from(guestSessions).where(eq(guestSessions.id, session.id));
    expect(ended).toMatchObject({ bytesUp: 2000, bytesDown: 2 ** 32 + 7, endCause: 'User-Request' });
    expect(ended!.endedAt).toBeInstanceOf(Date);
    const [acctRow] = await db().select().from(radiusSessions).where(eq(radiusSessions.acctSessionId, acctId));
    expect(acctRow).toMatchObject({ status: 'Stop', siteId: s.siteId, userName: username, outputOctets: 2 ** 32 + 7 });
  });
});

describe('RADIUS gateway rules', () => {
  const mikrotikQuery = (mac: string, chap?: { id: string; challenge: string }) => ({
    mac,
    ip: '10.5.50.9',
    'link-login-only': 'http://10.5.50.1/login',
    'link-orig': 'http://example.com/',
    'chap-id': chap?.id ?? '',
    'chap-challenge': chap?.challenge ?? '',
  });

  it('MikroTik with CHAP: the browser sends MD5(chap-id + password + chap-challenge), which the router passes on', async () => {
    const s = await gatewaySite('mikrotik');
    const chap = { id: '\\311', challenge: '\\001\\002\\003\\004\\005\\006\\007\\010\\011\\012\\013\\014\\015\\016\\017\\020' };
    const { done } = await clickThrough(s, mikrotikQuery('AA:BB:CC:00:01:01', chap));
    const form = gatewayFormOf(done.html)!;
    const cleartext = await sealedRadiusPassword(server, form.fields.username!);
    const id = parseMikrotikOctal(chap.id);
    const challenge = parseMikrotikOctal(chap.challenge);
    expect(form.fields.password).toBe(createHash('md5').update(id).update(cleartext).update(challenge).digest('hex'));
    expect(form.fields.password).not.toContain(cleartext);

    // Exactly what the router sends: CHAP-Password = chap-id + the browser's hash, CHAP-Challenge.
    const answer = await sendAccessRequest({
      port: radius.ports.auth,
      secret: s.secret,
      attributes: [
        ['User-Name', form.fields.username],
        ['CHAP-Password', Buffer.concat([id, Buffer.from(form.fields.password!, 'hex')])],
        ['CHAP-Challenge', challenge],
        ['Calling-Station-Id', 'AA:BB:CC:00:01:01'],
      ],
    });
    expect(answer).toMatchObject({ code: 'Access-Accept' });
  });

  it('MikroTik with CHAP from radclient (its own CHAP id, the router challenge)', async () => {
    const s = await gatewaySite('mikrotik');
    const { done } = await clickThrough(s, mikrotikQuery('AA:BB:CC:00:01:02', { id: '\\001', challenge: '\\377'.repeat(16) }));
    const username = gatewayFormOf(done.html)!.fields.username!;
    const cleartext = await sealedRadiusPassword(server, username);
    const res = await radclient(radius.ports.auth, 'auth', s.secret, [
      `User-Name = "${username}"`,
      `CHAP-Password = "${cleartext}"`,
      `CHAP-Challenge = 0x${'ff'.repeat(16)}`,
      'Message-Authenticator = 0x00',
    ]);
    expect(res.code).toBe('Access-Accept');
    expect(res.out).toMatch(/Mikrotik-Rate-Limit = "512k\/2048k"/);
  });

  it("refuses one site's credentials from another site's gateway, a wrong secret, and a request without Message-Authenticator", async () => {
    const a = await gatewaySite('mikrotik', { settings: { use_chap: false } });
    const b = await gatewaySite('mikrotik', { nasIp: '127.0.0.2' });
    const { done } = await clickThrough(a, mikrotikQuery('AA:BB:CC:00:02:01'));
    const { username, password } = gatewayFormOf(done.html)!.fields;
    const fromB = await sendAccessRequest({
      port: radius.ports.auth,
      secret: b.secret,
      source: '127.0.0.2',
      attributes: [
        ['User-Name', username],
        ['User-Password', password],
      ],
    });
    expect(fromB).toMatchObject({ code: 'Access-Reject' });
    const lines = [`User-Name = "${username}"`, `User-Password = "${password}"`];
    expect((await radclient(radius.ports.auth, 'auth', 'wrong-secret', [...lines, 'Message-Authenticator = 0x00'])).code).toBe(
      'none',
    );
    expect((await radclient(radius.ports.auth, 'auth', a.secret, lines)).code).toBe('none');
    // Still unused: the gateway of the right site with the right secret gets in.
    expect((await radclient(radius.ports.auth, 'auth', a.secret, [...lines, 'Message-Authenticator = 0x00'])).code).toBe(
      'Access-Accept',
    );
  });

  it('lets an old gateway without Message-Authenticator in when its NAS client allows it', async () => {
    const s = await gatewaySite('mikrotik', { settings: { use_chap: false }, requireMessageAuthenticator: false });
    const { done } = await clickThrough(s, mikrotikQuery('AA:BB:CC:00:03:01'));
    const { username, password } = gatewayFormOf(done.html)!.fields;
    const res = await radclient(radius.ports.auth, 'auth', s.secret, [
      `User-Name = "${username}"`,
      `User-Password = "${password}"`,
    ]);
    expect(res.code).toBe('Access-Accept');
  });

  it('refuses credentials past their few minutes', async () => {
    const s = await gatewaySite('mikrotik', { settings: { use_chap: false } });
    const { done, session } = await clickThrough(s, mikrotikQuery('AA:BB:CC:00:04:01'));
    const { username, password } = gatewayFormOf(done.html)!.fields;
    const secrets = server.built.ctx.secrets;
    const stale = secrets.seal(JSON.stringify({ p: password, exp: Date.now() - 1000 }));
    await db().update(guestSessions).set({ radiusPasswordEnc: stale }).where(eq(guestSessions.id, session.id));
    const res = await radclient(radius.ports.auth, 'auth', s.secret, [
      `User-Name = "${username}"`,
      `User-Password = "${password}"`,
      'Message-Authenticator = 0x00',
    ]);
    expect(res.code).toBe('Access-Reject');
  });

  it("refuses a guest's one-time credentials from another device (Calling-Station-Id) without using them up", async () => {
    const s = await gatewaySite('mikrotik', { settings: { use_chap: false } });
    const { done, session } = await clickThrough(s, mikrotikQuery('AA:BB:CC:00:06:01'));
    const { username, password } = gatewayFormOf(done.html)!.fields;
    const lines = [`User-Name = "${username}"`, `User-Password = "${password}"`, 'Message-Authenticator = 0x00'];
    for (const other of ['AA:BB:CC:00:06:02', 'aabb.cc00.0602', 'AA-BB-CC-00-06-03', 'not-a-mac']) {
      const res = await radclient(radius.ports.auth, 'auth', s.secret, [...lines, `Calling-Station-Id = "${other}"`]);
      expect(res.code, other).toBe('Access-Reject');
    }
    const [unused] = await db().select().from(guestSessions).where(eq(guestSessions.id, session.id));
    expect(unused!.radiusPasswordEnc).not.toBeNull();
    // The guest's own device, in whatever format the gateway writes it (Cisco's dots here).
    const own = await radclient(radius.ports.auth, 'auth', s.secret, [...lines, 'Calling-Station-Id = "aabb.cc00.0601"']);
    expect(own.code).toBe('Access-Accept');
  });

  it('ends a session whose data is spent and sends the gateway a Disconnect-Message', async () => {
    const s = await gatewaySite('mikrotik', { settings: { use_chap: false } });
    await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { ...LIMITS, data_limit: 1 });
    disconnectSecret = s.secret;
    const { done, session } = await clickThrough(s, mikrotikQuery('AA:BB:CC:00:05:01'));
    const { username, password } = gatewayFormOf(done.html)!.fields;
    const accepted = await radclient(radius.ports.auth, 'auth', s.secret, [
      `User-Name = "${username}"`,
      `User-Password = "${password}"`,
      'Message-Authenticator = 0x00',
    ]);
    expect(accepted.out).toMatch(/Mikrotik-Total-Limit = 1000000/);
    const base = ['Acct-Session-Id = "spent-1"', `User-Name = "${username}"`, 'Calling-Station-Id = "AA:BB:CC:00:05:01"'];
    await radclient(radius.ports.acct, 'acct', s.secret, [...base, 'Acct-Status-Type = Start']);
    const before = disconnects.received.length;
    const interim = await radclient(radius.ports.acct, 'acct', s.secret, [
      ...base,
      'Acct-Status-Type = Interim-Update',
      'Acct-Input-Octets = 200000',
      'Acct-Output-Octets = 900000',
    ]);
    expect(interim.code).toBe('Accounting-Response');
    const [ended] = await db().select().from(guestSessions).where(eq(guestSessions.id, session.id));
    expect(ended).toMatchObject({ endCause: 'data', bytesUp: 200000, bytesDown: 900000 });
    await expect.poll(() => disconnects.received.length, { timeout: 5000 }).toBeGreaterThan(before);
    expect(disconnects.received.at(-1)).toMatchObject({ 'User-Name': username, 'Acct-Session-Id': 'spent-1' });
  });

  it('tells an OpenMesh guest sent back with res=success that they are connected, without a new login', async () => {
    const s = await gatewaySite('openmesh');
    const back = await page(
      `/guest/${s.portalKey}/?res=success&uamip=10.255.255.1&uamport=3990&mac=AA-BB-CC-00-09-01&userurl=http%3A%2F%2Fexample.com%2F`,
    );
    expect(back.status).toBe(200);
    expect(textOf(back.html)).toContain('You are connected');
    expect(await db().select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId))).toEqual([]);
  });

  it('reads a Cisco WLC statusCode on return: a refused login is shown and recorded, a retry starts over', async () => {
    const s = await gatewaySite('ciscowlc');
    const query = {
      switch_url: 'https://1.1.1.1/login.html',
      ap_mac: '00:11:22:33:44:50',
      client_mac: 'aa:bb:cc:00:0a:01',
      wlan: 'Guest',
      redirect: 'http://example.com/',
    };
    const { session } = await clickThrough(s, query);
    expect(session.grantStatus).toBe('granted');
    // Wrong user name or password (5): the WLC sends the browser back with its redirect's parameters.
    const refused = await page(`/guest/${s.portalKey}/?${new URLSearchParams({ ...query, statusCode: '5' })}`);
    expect(refused.status).toBe(200);
    expect(textOf(refused.html)).toContain('The Wi-Fi network refused the login');
    const [failed] = await db().select().from(guestSessions).where(eq(guestSessions.id, session.id));
    expect(failed).toMatchObject({ grantStatus: 'failed', grantDetail: 'The gateway refused the login (statusCode 5)' });
    // "Try again" is the arrival without the WLC's answer: a new splash page.
    const again = /<a [^>]*href="([^"]+)"[^>]*>Try again<\/a>/.exec(refused.html)?.[1]?.replace(/&amp;/g, '&');
    expect(again).toBe(`?${new URLSearchParams(query)}`);
    expect((await page(`/guest/${s.portalKey}/${again}`)).status).toBe(303);
    // Already logged in (1): connected, and the latest unconfirmed login of the device is confirmed.
    const { session: second } = await clickThroughAgain(s, query);
    const online = await page(`/guest/${s.portalKey}/?${new URLSearchParams({ ...query, statusCode: '1' })}`);
    expect(textOf(online.html)).toContain('You are connected');
    const [confirmed] = await db().select().from(guestSessions).where(eq(guestSessions.id, second.id));
    expect(confirmed!.grantStatus).toBe('confirmed');
  });
});
