import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { guests, sites } from '../../db/schema/index.ts';
import { createSite, type TestClient, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, randomMac, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';

/** What the email method of the test sites asks: the custom text field "Room" is the fifth (custom_text_4). */
export const LOGIN_FIELDS = [
  { field_type: 'email', mandatory: true },
  { field_type: 'firstname' },
  { field_type: 'lastname' },
  { field_type: 'phonenumber' },
  { field_type: 'custom_text', title: 'Room' },
  { field_type: 'consent' },
];

/** A UniFi site (fake controller) whose email login collects names, phone, a room number and marketing consent. */
export async function guestSite(server: TestServer): Promise<PortalSite> {
  const site = await unifiPortalSite(server, ['email']);
  const saved = await site.owner.put(`${site.api}/emailconfig/loginfields`, { login_fields: LOGIN_FIELDS });
  expect(saved.status).toBe(200);
  return site;
}

export interface PortalGuest {
  email: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
  room?: string;
  marketing?: boolean;
  mac?: string;
}

/** A guest's phone arrives from the UniFi controller and logs in with the email form; answers its MAC. */
export async function portalLogin(server: TestServer, site: PortalSite, g: PortalGuest): Promise<string> {
  const { guest } = await arriveFromUnifi(server, site, { mac: g.mac ?? randomMac() });
  const form: Record<string, string> = { email: g.email };
  if (g.firstname) form.firstname = g.firstname;
  if (g.lastname) form.lastname = g.lastname;
  if (g.phone) form.phonenumber = g.phone;
  if (g.room) form.custom_text_4 = g.room;
  if (g.marketing) form.consent = 'on';
  const page = await guest.post('email', form);
  expect(page.status, page.html).toBe(200);
  return guest.mac;
}

/** The site's guest id for an email. */
export async function guestIdOf(server: TestServer, siteId: number, email: string): Promise<number> {
  const rows = await server.handle.db
    .select({ id: guests.id, email: guests.email })
    .from(guests)
    .where(eq(guests.siteId, siteId));
  const row = rows.find((r) => r.email === email);
  if (!row) throw new Error(`no guest ${email}`);
  return row.id;
}

/**
 * Many guests at once, written the way the portal writes them, for counts and downloads past one page or
 * chunk (logging in thousands of guests through the portal would take minutes). `sameTime` gives them
 * all one first and last visit, so that only the id orders them.
 */
export async function insertGuests(
  server: TestServer,
  siteId: number,
  n: number,
  opts: { prefix?: string; sameTime?: boolean } = {},
) {
  const [site] = await server.handle.db.select().from(sites).where(eq(sites.id, siteId));
  const prefix = opts.prefix ?? 'bulk';
  const seen = opts.sameTime ? sql`now() - interval '1 day'` : sql`now() - (g || ' minutes')::interval`;
  await server.handle.db.execute(sql`
    insert into guests (account_id, site_id, identity, email, first_name, first_method, last_method, visits, first_seen_at, last_seen_at)
    select ${site!.accountId}, ${siteId}, 'email:' || ${prefix} || g || '@example.net', ${prefix} || g || '@example.net',
      'Bulk', 'email', 'email', 1, ${seen}, ${seen}
    from generate_series(1, ${n}::int) g`);
  await server.handle.db.execute(sql`analyze guests`);
}

/** An openNDS site at FAS level 1 and a guest who clicked through there; answers the site and the guest's MAC. */
export async function openNdsGuest(server: TestServer, owner: TestClient) {
  const site = await createSite(owner, { name: 'Beach Bar', router_type: 'opennds', auth_methods: ['clickthrough'] });
  const saved = await owner.put(`/s/${site.id}/api/v1/routersettings/opennds`, {
    level: 1,
    faskey: `key-${randomBytes(8).toString('hex')}`,
  });
  expect(saved.status).toBe(200);
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
  const mac = randomMac();
  const hid = createHash('sha256').update(randomBytes(8)).digest('hex');
  const list = `hid=${hid}, clientip=192.168.8.20, clientmac=${mac}, gatewayname=Beach, gatewayaddress=192.168.8.1:2050, originurl=http%3a%2f%2fexample.com, version=9.10.0`;
  const fas = Buffer.from(list).toString('base64');
  const arrived = await fetch(new URL(`/guest/${row!.portalKey}/?fas=${encodeURIComponent(fas)}`, server.url), {
    redirect: 'manual',
  });
  expect(arrived.status).toBe(303);
  const done = await fetch(new URL('clickthrough', new URL(arrived.headers.get('location')!, server.url)), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(done.status).toBe(303);
  return { siteId: site.id, mac };
}

/** A CSV file (RFC 4180, optional byte order mark) as rows of cells, for reading what a download holds. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n') {
      cell = cell.replace(/\r$/, '');
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** Polls a download's status until it is ready (or failed); answers the last status. */
export async function waitForDownload(client: TestClient, statusUrl: string, seen: number[] = [], withinMs = 60_000) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const res = await client.get(statusUrl);
    if (res.status !== 200) throw new Error(`status answered ${res.status}: ${JSON.stringify(res.body)}`);
    seen.push(res.body.progress);
    if (res.body.status === 'ready' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the download was never ready');
}
