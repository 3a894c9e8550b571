import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_VOUCHER_QR_BASE_URL, formatVoucherCode, voucherQrUrl } from '@splashboard/contract';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, randomMac, textOf, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import {
  accounts,
  guestSessions,
  guests,
  rateLimits,
  voucherActivationCounts,
  voucherBatches,
  voucherDevices,
  voucherSessions,
  vouchers,
} from '../../db/schema/index.ts';
import { periodKey } from './voucher-plan.ts';
import { billingPeriodOf } from '../../platform/subscription-status.ts';
import { addUnifiSite, createBatch } from '../../../test/fixtures/vouchers.ts';

let server: TestServer;
const fakes: { unifi: { close(): Promise<void> } }[] = [];
beforeAll(async () => {
  // Billing on (a secret key; nothing here calls Stripe): the plan's limits apply.
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent', STRIPE_SECRET_KEY: 'sk_test_limits' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const db = () => server.handle.db;
const site = async (methods: string[]) => {
  const s = await unifiPortalSite(server, methods);
  fakes.push(s);
  return s;
};
const batch = (s: PortalSite, over: Record<string, unknown> = {}, kind = 'voucher') =>
  createBatch(server, s.owner, `${s.api}/${kind}`, { count: 2, ...over });
const grants = (s: { unifi: PortalSite['unifi'] }) =>
  s.unifi.commands.filter((c) => c.body.cmd === 'authorize-guest').map((c) => c.body);
/** The key of the account's current billing period, as its activations are counted under. */
const periodOf = async (accountId: number) =>
  periodKey(billingPeriodOf((await db().select().from(accounts).where(eq(accounts.id, accountId)))[0]!).start);
const voucherRow = async (id: number) => (await db().select().from(vouchers).where(eq(vouchers.id, id)))[0]!;
/** As if the guest's last session began `minutes` ago, used `mb` and ended (the voucher's clock runs from first use). */
async function timePasses(voucherId: number, minutes: number, mb: number) {
  const v = await voucherRow(voucherId);
  const shift = minutes * 60_000;
  await db()
    .update(vouchers)
    .set({ activatedAt: new Date(v.activatedAt!.getTime() - shift), expiresAt: new Date(v.expiresAt!.getTime() - shift) })
    .where(eq(vouchers.id, voucherId));
  const links = await db().select().from(voucherSessions).where(eq(voucherSessions.voucherId, voucherId));
  for (const link of links)
    await db()
      .update(guestSessions)
      .set({ startedAt: new Date(Date.now() - shift), endedAt: new Date(), bytesDown: mb * 1_000_000 })
      .where(eq(guestSessions.id, link.sessionId));
}

describe('voucher login', () => {
  it('lets a guest in with a code typed any way, for the voucher’s time, speeds and data', async () => {
    const s = await site(['voucher']);
    const { codes, ids } = await batch(s, {
      duration_value: 2,
      duration_type: 'hours',
      speed_ul: 512,
      speed_dl: 2048,
      data_limit: 300,
    });
    const { guest } = await arriveFromUnifi(server, s);
    const form = await guest.get();
    expect(form.html).toContain('action="voucher"');
    expect(textOf(form.html)).toContain('Enter your voucher code');
    // Lower case, spaces, and O typed for 0 / I or L for 1: the same code.
    const typed = ` ${codes[0]!.slice(0, 6).toLowerCase()} ${codes[0]!.slice(6).replace(/0/g, 'O').replace(/1/g, 'l')} `;
    const done = await guest.post('voucher', { voucher: typed });
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('You are connected');
    expect(grants(s)).toEqual([
      { cmd: 'authorize-guest', mac: guest.mac, minutes: 120, up: 512, down: 2048, bytes: 300, ap_mac: 'f0:9f:c2:00:00:01' },
    ]);

    const v = await voucherRow(ids[0]!);
    expect(v.activatedAt).not.toBeNull();
    expect(Math.abs(v.expiresAt!.getTime() - v.activatedAt!.getTime() - 120 * 60_000)).toBeLessThan(1000);
    expect((await db().select().from(voucherDevices).where(eq(voucherDevices.voucherId, v.id))).map((d) => d.mac)).toEqual([
      guest.mac,
    ]);
    const [g] = await db().select().from(guests).where(eq(guests.siteId, s.siteId));
    expect(g!.identity).toBe(`voucher:${v.id}`);

    const inuse = await s.owner.get(`${s.api}/voucher/inuse`);
    expect(inuse.body.items.map((i: { id: number }) => i.id)).toEqual([v.id]);
    expect(inuse.body.metadata.usage.activated).toBe(1);
    const details = await s.owner.get(`${s.api}/voucher/${v.id}`);
    expect(details.body).toMatchObject({
      status: 'inuse',
      devices_used: 1,
      minutes_left: 119,
      data_left_mb: 300,
      devices: [{ mac: guest.mac.toUpperCase(), online: true, site: { id: s.siteId } }],
      sessions: [{ mac: guest.mac.toUpperCase(), grant_status: 'confirmed', site: { id: s.siteId } }],
    });
  });

  it('refuses unknown, expired and used-up codes with a clear message, and nothing is recorded', async () => {
    const s = await site(['voucher']);
    const { codes, ids } = await batch(s, { count: 3, data_limit: 100 });
    const { guest } = await arriveFromUnifi(server, s);
    const unknown = await guest.post('voucher', { voucher: 'AAAA-BBBB-CCCC' });
    expect(unknown.status).toBe(422);
    expect(textOf(unknown.html)).toContain('This voucher code is not valid here. Please check it and try again.');
    expect(unknown.html).toContain('value="AAAA-BBBB-CCCC"');
    expect((await guest.post('voucher', { voucher: '' })).status).toBe(422);

    await db()
      .update(vouchers)
      .set({ activatedAt: new Date(Date.now() - 2 * 86_400_000), expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(vouchers.id, ids[0]!));
    const expired = await guest.post('voucher', { voucher: codes[0]! });
    expect(expired.status).toBe(422);
    expect(textOf(expired.html)).toContain('This voucher has expired.');

    // Its 100 MB used on another device: nothing left.
    const other = await arriveFromUnifi(server, s);
    await other.guest.post('voucher', { voucher: codes[1]! });
    await db().update(guestSessions).set({ bytesDown: 100_000_000 }).where(eq(guestSessions.mac, other.guest.mac));
    const usedUp = await guest.post('voucher', { voucher: codes[1]! });
    expect(usedUp.status).toBe(422);
    expect(textOf(usedUp.html)).toContain('This voucher has used all the data it includes.');
    expect((await s.owner.get(`${s.api}/voucher/expired`)).body.items.map((i: { id: number }) => i.id).sort()).toEqual(
      [ids[0], ids[1]].sort(),
    );
    expect(await db().select().from(guestSessions).where(eq(guestSessions.mac, guest.mac))).toEqual([]);
    expect(grants(s)).toHaveLength(1);
  });

  it('shows the multi-site voucher screen with its own heading, button and colours', async () => {
    const s = await site(['multisitevoucher']);
    const styles = (await s.owner.get(`${s.api}/multisite_voucherloginconfig/splashpage`)).body;
    expect(styles).toMatchObject({
      multisitevoucher_heading_htmltext: '<h2>Enter your voucher code</h2>',
      multisitevoucher_loginbtn_text: 'Connect',
      multisitevoucher_backbtn_text: 'Back',
      multisitevoucher_fields_color: '#1f2933',
      multisitevoucher_fields_backgroundcolor: '#ffffff',
    });
    const screen = await (await arriveFromUnifi(server, s)).guest.get();
    expect(screen.html).toContain('<h1 class="h2">Enter your voucher code</h1>');
    expect(screen.html).toMatch(/<button class="btn go" type="submit">Connect<\/button>/);
  });

  it('lets a voucher in only until its batch’s valid until, used or not', async () => {
    const s = await site(['voucher']);
    const validUntil = new Date(Date.now() + 30 * 60_000);
    const {
      batch: made,
      codes,
      ids,
    } = await batch(s, {
      duration_value: 1,
      duration_type: 'days',
      valid_until: validUntil.toISOString(),
    });
    const mac = randomMac();
    expect((await (await arriveFromUnifi(server, s, { mac })).guest.post('voucher', { voucher: codes[0]! })).status).toBe(200);
    // A day's voucher that ends with its batch: 30 minutes, not 1440.
    expect(grants(s)).toEqual([expect.objectContaining({ mac })]);
    expect(grants(s)[0]!.minutes).toBeGreaterThanOrEqual(29);
    expect(grants(s)[0]!.minutes).toBeLessThanOrEqual(30);
    expect((await voucherRow(ids[0]!)).expiresAt!.getTime()).toBe(validUntil.getTime());

    // Past valid until, an unused voucher of the batch cannot start.
    await db()
      .update(voucherBatches)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(voucherBatches.id, made.id));
    const late = await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[1]! });
    expect(late.status).toBe(422);
    expect(textOf(late.html)).toContain('This voucher has expired.');
    expect((await voucherRow(ids[1]!)).activatedAt).toBeNull();
    expect(grants(s)).toHaveLength(1);
  });

  it('offers one "Use a voucher" where both voucher logins are on, since either takes any voucher', async () => {
    const both = await site(['voucher', 'multisitevoucher']);
    const screen = await (await arriveFromUnifi(server, both)).guest.get();
    expect(screen.html).toMatch(/name="voucher"/);
    expect(screen.html).not.toContain('href="./"');

    const more = await site(['voucher', 'multisitevoucher', 'clickthrough']);
    const start = await (await arriveFromUnifi(server, more)).guest.get();
    expect(textOf(start.html).match(/Use a voucher/g)).toHaveLength(1);
    expect(start.html).toContain('href="voucher"');
    expect(start.html).not.toContain('href="multisitevoucher"');
    // The other screen stays at its address, with its way back.
    const other = await (await arriveFromUnifi(server, more)).guest.get('multisitevoucher');
    expect(other.html).toMatch(/name="voucher"/);
    expect(other.html).toContain('href="./"');
  });

  it('answers in the guest’s language', async () => {
    const s = await site(['voucher']);
    const { guest } = await arriveFromUnifi(server, s, { lang: 'es-ES,es;q=0.9' });
    const page = await guest.post('voucher', { voucher: 'nope' });
    expect(textOf(page.html)).toContain('Este código de bono no es válido aquí. Revísalo e inténtalo de nuevo.');
  });
});

describe('time and data across reconnects', () => {
  it('a reconnect gets what is left of the time and data, on the same seat', async () => {
    const s = await site(['voucher']);
    const { codes, ids } = await batch(s, { duration_value: 2, duration_type: 'hours', data_limit: 300, num_devices: 1 });
    const mac = randomMac();
    await (await arriveFromUnifi(server, s, { mac })).guest.post('voucher', { voucher: codes[0]! });
    await timePasses(ids[0]!, 30, 100);

    const again = await (await arriveFromUnifi(server, s, { mac })).guest.post('voucher', { voucher: codes[0]! });
    expect(again.status).toBe(200);
    expect(grants(s)[1]).toMatchObject({ mac, minutes: 90, bytes: 200 });
    expect(await db().select().from(voucherDevices).where(eq(voucherDevices.voucherId, ids[0]!))).toHaveLength(1);
    const details = (await s.owner.get(`${s.api}/voucher/${ids[0]}`)).body;
    expect(details).toMatchObject({ devices_used: 1, data_used_mb: 100, data_left_mb: 200, used_minutes: 30 });
    expect(details.sessions).toHaveLength(2);
  });

  it('with a relogin policy a device comes back without the page while the voucher lasts, and not after', async () => {
    const s = await site(['voucher']);
    await s.owner.put(`${s.api}/voucherloginconfig/`, { relogin_policy: 'daily' });
    const { codes, ids } = await batch(s, { duration_value: 1, duration_type: 'hours' });
    const mac = randomMac();
    await (await arriveFromUnifi(server, s, { mac })).guest.post('voucher', { voucher: codes[0]! });
    await timePasses(ids[0]!, 20, 0);

    const back = await arriveFromUnifi(server, s, { mac });
    expect(back.first.status).toBe(200);
    expect(textOf(back.first.html)).toContain('You are connected');
    expect(grants(s)[1]).toMatchObject({ mac, minutes: 40 });
    expect(await db().select().from(voucherSessions).where(eq(voucherSessions.voucherId, ids[0]!))).toHaveLength(2);

    await timePasses(ids[0]!, 45, 0);
    const late = await arriveFromUnifi(server, s, { mac });
    expect(late.first.status).toBe(303);
    expect(grants(s)).toHaveLength(2);
  });
});

describe('devices', () => {
  it('holds a voucher to its device count; a disconnected device frees its seat', async () => {
    const s = await site(['voucher']);
    const { codes, ids } = await batch(s, { num_devices: 1 });
    const first = await arriveFromUnifi(server, s);
    expect((await first.guest.post('voucher', { voucher: codes[0]! })).status).toBe(200);

    const second = await arriveFromUnifi(server, s);
    const refused = await second.guest.post('voucher', { voucher: codes[0]! });
    expect(refused.status).toBe(409);
    expect(textOf(refused.html)).toContain('This voucher is already used on as many devices as it allows (1).');
    expect(await db().select().from(guestSessions).where(eq(guestSessions.mac, second.guest.mac))).toEqual([]);

    // The bound device reconnecting is not a new seat.
    expect(
      (await (await arriveFromUnifi(server, s, { mac: first.guest.mac })).guest.post('voucher', { voucher: codes[0]! })).status,
    ).toBe(200);

    const off = await s.owner.post(`${s.api}/voucher/${ids[0]}/disconnect/${first.guest.mac.toUpperCase().replace(/:/g, '-')}`);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ status: 200, message: 'Disconnected', revoked: true, detail: '' });
    expect(s.unifi.commands.at(-1)!.body).toEqual({ cmd: 'unauthorize-guest', mac: first.guest.mac });
    const sessions = await db().select().from(guestSessions).where(eq(guestSessions.mac, first.guest.mac));
    expect(sessions.every((x) => x.endedAt && x.endCause === 'disconnected')).toBe(true);
    expect((await s.owner.get(`${s.api}/voucher/${ids[0]}`)).body.devices).toEqual([]);
    expect((await s.owner.post(`${s.api}/voucher/${ids[0]}/disconnect/${first.guest.mac}`)).status).toBe(404);
    expect((await s.owner.post(`${s.api}/voucher/${ids[0]}/disconnect/not-a-mac`)).status).toBe(422);

    expect((await second.guest.post('voucher', { voucher: codes[0]! })).status).toBe(200);
  });

  it('deleting a voucher in use disconnects its devices through the job queue', async () => {
    const s = await site(['voucher']);
    const { codes, ids } = await batch(s);
    const { guest } = await arriveFromUnifi(server, s);
    await guest.post('voucher', { voucher: codes[0]! });
    expect((await s.owner.del(`${s.api}/voucher/${ids[0]}`)).status).toBe(200);
    const [session] = await db().select().from(guestSessions).where(eq(guestSessions.mac, guest.mac));
    expect(session).toMatchObject({ endCause: 'voucher_deleted' });
    for (let i = 0; i < 100 && !s.unifi.commands.some((c) => c.body.cmd === 'unauthorize-guest'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(s.unifi.commands.at(-1)!.body).toEqual({ cmd: 'unauthorize-guest', mac: guest.mac });
    expect((await guest.post('voucher', { voucher: codes[0]! })).status).toBe(422);
  });
});

describe('multi-site vouchers', () => {
  it('work at every site picked, with time, data and seats carried across them; not elsewhere', async () => {
    const a = await site(['multisitevoucher', 'voucher']);
    const b = await addUnifiSite(server, a.owner, ['multisitevoucher'], 'Harbour');
    const c = await addUnifiSite(server, a.owner, ['multisitevoucher', 'voucher'], 'Airport');
    fakes.push(b, c);
    const multi = await createBatch(server, a.owner, `${a.api}/multisite_voucher`, {
      count: 1,
      site_ids: [b.siteId],
      duration_value: 1,
      duration_type: 'days',
      data_limit: 1000,
      num_devices: 2,
    });
    const single = await batch(a, { count: 1 });
    const mac = randomMac();

    const atA = await (await arriveFromUnifi(server, a, { mac })).guest.post('multisitevoucher', { voucher: multi.codes[0]! });
    expect(atA.status).toBe(200);
    await timePasses(multi.ids[0]!, 60, 250);

    const atB = await (await arriveFromUnifi(server, b, { mac })).guest.post('multisitevoucher', { voucher: multi.codes[0]! });
    expect(atB.status).toBe(200);
    expect(grants(b)).toEqual([expect.objectContaining({ mac, minutes: 1380, bytes: 750 })]);
    // The same device at another site is the same seat; a second device takes the second one.
    const other = await arriveFromUnifi(server, b);
    expect((await other.guest.post('multisitevoucher', { voucher: multi.codes[0]! })).status).toBe(200);
    const third = await arriveFromUnifi(server, b);
    expect((await third.guest.post('multisitevoucher', { voucher: multi.codes[0]! })).status).toBe(409);
    expect(await db().select().from(voucherDevices).where(eq(voucherDevices.voucherId, multi.ids[0]!))).toHaveLength(2);

    // Not at a site that was not picked, and a single-site voucher only at its own site.
    const atC = await (await arriveFromUnifi(server, c)).guest.post('multisitevoucher', { voucher: multi.codes[0]! });
    expect(atC.status).toBe(422);
    const singleAtB = await (await arriveFromUnifi(server, b)).guest.post('multisitevoucher', { voucher: single.codes[0]! });
    expect(textOf(singleAtB.html)).toContain('This voucher code is not valid here.');
    // Either voucher screen takes any voucher that works at the site.
    expect((await (await arriveFromUnifi(server, a)).guest.post('voucher', { voucher: single.codes[0]! })).status).toBe(200);

    const details = (await a.owner.get(`${a.api}/multisite_voucher/${multi.ids[0]}`)).body;
    expect(details.sessions.map((x: { site: { name: string } }) => x.site.name).sort()).toEqual([
      'Harbour',
      'Harbour',
      'Main Street',
    ]);
    expect(details.sites.map((x: { name: string }) => x.name)).toEqual(['Harbour', 'Main Street']);
    expect((await a.owner.get(`${b.api}/multisite_voucher/inuse`)).body.items).toHaveLength(1);
  });
});

describe('disconnecting a multi-site voucher’s device', () => {
  it('ends its access at the site it is online at, from any site of the voucher', async () => {
    const a = await site(['multisitevoucher']);
    const b = await addUnifiSite(server, a.owner, ['multisitevoucher'], 'Harbour');
    fakes.push(b);
    const multi = await createBatch(server, a.owner, `${a.api}/multisite_voucher`, { count: 1, site_ids: [b.siteId] });
    const mac = randomMac();
    expect(
      (await (await arriveFromUnifi(server, b, { mac })).guest.post('multisitevoucher', { voucher: multi.codes[0]! })).status,
    ).toBe(200);

    const res = await a.owner.post(`${a.api}/multisite_voucher/${multi.ids[0]}/disconnect/${mac.toUpperCase()}`);
    expect(res.body).toMatchObject({ status: 200, message: 'Disconnected', revoked: true });
    expect(b.unifi.commands.at(-1)?.body).toEqual({ cmd: 'unauthorize-guest', mac });
    expect(a.unifi.commands).toEqual([]);
    expect(await db().select().from(voucherDevices).where(eq(voucherDevices.voucherId, multi.ids[0]!))).toEqual([]);
  });
});

describe('guessing codes', () => {
  it('answers 429 after 10 wrong codes from a device, even for a right one; other devices go on', async () => {
    const s = await site(['voucher']);
    const { codes } = await batch(s);
    const { guest } = await arriveFromUnifi(server, s);
    for (let i = 0; i < 10; i++) {
      const wrong = await guest.post('voucher', { voucher: `ZZZZ-ZZZZ-ZZ${String(i).padStart(2, '0')}` });
      expect(wrong.status).toBe(422);
    }
    const blocked = await guest.post('voucher', { voucher: codes[0]! });
    expect(blocked.status).toBe(429);
    expect(textOf(blocked.html)).toMatch(/Too many attempts\. Please wait 1[45] minutes and try again\./);
    expect(grants(s)).toEqual([]);
    expect((await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[0]! })).status).toBe(200);
  });

  it('answers 429 to every device of an address after 300 wrong codes from it, however many devices tried them', async () => {
    const s = await site(['voucher']);
    const { codes } = await batch(s);
    // Spread over eight portals of the account, each under its own limit of 50 a minute.
    const portals: PortalSite[] = [s];
    for (let i = 1; i < 8; i++) {
      const more = await addUnifiSite(server, s.owner, ['voucher'], `Street ${i}`);
      fakes.push(more);
      portals.push(more);
    }
    // 30 devices behind one address (all of them come from 127.0.0.1 here), each under its own limit of 10.
    for (let d = 0; d < 30; d++) {
      const { guest } = await arriveFromUnifi(server, portals[d % portals.length]!);
      for (let i = 0; i < 10; i++)
        expect((await guest.post('voucher', { voucher: `ZZZZ-ZZZZ-Z${String(d).padStart(2, '0')}${i}` })).status).toBe(422);
    }
    const fresh = await arriveFromUnifi(server, s);
    const blocked = await fresh.guest.post('voucher', { voucher: codes[0]! });
    expect(blocked.status).toBe(429);
    expect(textOf(blocked.html)).toMatch(/Too many attempts\. Please wait 1[45] minutes and try again\./);
    expect(grants(s)).toEqual([]);
  }, 90_000);

  it('answers 429 with Retry-After to a guesser forging a new MAC for each try, past 50 wrong codes a minute at a portal; other portals go on', async () => {
    const s = await site(['voucher']);
    const other = await addUnifiSite(server, s.owner, ['voucher']);
    fakes.push(other);
    const { codes } = await batch(s);
    const answers = [];
    for (let i = 0; i < 80; i++) {
      const { guest } = await arriveFromUnifi(server, s);
      answers.push(await guest.post('voucher', { voucher: `ZZZZ-ZZZZ-${String(i).padStart(4, '0')}` }));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(50).fill(422), ...Array(30).fill(429)]);
    for (const blocked of answers.slice(50)) {
      expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
      expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(60);
      expect(textOf(blocked.html)).toContain('Too many attempts. Please wait 1 minutes and try again.');
    }
    // A right code waits too (else the page would tell a guesser which code is right).
    const right = await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[0]! });
    expect(right.status).toBe(429);
    expect(grants(s)).toEqual([]);
    const elsewhere = await (await arriveFromUnifi(server, other)).guest.post('voucher', { voucher: 'ZZZZ-ZZZZ-ZZZZ' });
    expect(elsewhere.status).toBe(422);
    // Once the minute is over, the portal takes codes again.
    await db()
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(rateLimits.key, `portal:voucher-site:${s.siteId}`));
    expect((await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[0]! })).status).toBe(200);
  }, 90_000);
});

describe('plan limit', () => {
  it('refuses to start a voucher past the plan’s activations in the billing period; vouchers already started go on', async () => {
    const s = await site(['voucher']);
    const { codes, ids } = await batch(s, { count: 2 });
    const mac = randomMac();
    expect((await (await arriveFromUnifi(server, s, { mac })).guest.post('voucher', { voucher: codes[0]! })).status).toBe(200);
    const [acct] = await db().select().from(vouchers).where(eq(vouchers.id, ids[0]!));
    // Engage allows 2000 a billing period: as if 1999 more had been started.
    await db()
      .update(voucherActivationCounts)
      .set({ activated: 2000 })
      .where(
        and(
          eq(voucherActivationCounts.accountId, acct!.accountId),
          eq(voucherActivationCounts.month, await periodOf(acct!.accountId)),
        ),
      );

    const refused = await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[1]! });
    expect(refused.status).toBe(403);
    expect(textOf(refused.html)).toContain(
      'This Wi-Fi cannot start any more vouchers for now: its plan’s limit for this billing period is reached. Please ask the staff.',
    );
    expect((await voucherRow(ids[1]!)).activatedAt).toBeNull();
    expect((await (await arriveFromUnifi(server, s, { mac })).guest.post('voucher', { voucher: codes[0]! })).status).toBe(200);

    const usage = (await s.owner.get(`${s.api}/voucher/unused`)).body.metadata.usage;
    expect(usage).toMatchObject({ plan_type: 'engage', limit: 2000, activated: 2000, remaining: 0, limit_reached: true });
    expect(usage.message).toBe(
      'Your plan allows 2000 vouchers activated per billing period and in this one they are all used: guests cannot start new vouchers until the next period or until the plan is upgraded.',
    );
  });
});

describe('plan tiers', () => {
  it.each([
    ['collect', 500],
    ['engage', 2000],
    ['provider', 5000],
    [null, 500],
  ] as const)(
    'with plan %s, voucher number %i of the billing period starts and the next one is refused',
    async (planType, limit) => {
      const s = await site(['voucher']);
      const { codes, ids } = await batch(s, { count: 2 });
      const [v] = await db().select().from(vouchers).where(eq(vouchers.id, ids[0]!));
      await db().update(accounts).set({ planType }).where(eq(accounts.id, v!.accountId));
      await db()
        .insert(voucherActivationCounts)
        .values({ accountId: v!.accountId, month: await periodOf(v!.accountId), activated: limit - 1 });

      expect((await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[0]! })).status).toBe(200);
      const refused = await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: codes[1]! });
      expect(refused.status).toBe(403);
      expect((await voucherRow(ids[1]!)).activatedAt).toBeNull();
      const usage = (await s.owner.get(`${s.api}/voucher/unused`)).body.metadata.usage;
      expect(usage).toMatchObject({ plan_type: planType, limit, activated: limit, remaining: 0, limit_reached: true });
      expect(usage.message).toContain(`Your plan allows ${limit} vouchers activated per billing period`);
    },
  );

  it('counts multi-site vouchers against the same limit', async () => {
    const s = await site(['voucher', 'multisitevoucher']);
    const single = await batch(s, { count: 1 });
    const multi = await batch(s, { count: 1, site_ids: [] }, 'multisite_voucher');
    const [v] = await db().select().from(vouchers).where(eq(vouchers.id, single.ids[0]!));
    await db().update(accounts).set({ planType: 'collect' }).where(eq(accounts.id, v!.accountId));
    await db()
      .insert(voucherActivationCounts)
      .values({ accountId: v!.accountId, month: await periodOf(v!.accountId), activated: 499 });

    expect((await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: single.codes[0]! })).status).toBe(200);
    const refused = await (await arriveFromUnifi(server, s)).guest.post('multisitevoucher', { voucher: multi.codes[0]! });
    expect(refused.status).toBe(403);
    expect(textOf(refused.html)).toContain('This Wi-Fi cannot start any more vouchers for now');
  });
});

describe('the QR code on a card', () => {
  it('opens the voucher screen with the code filled in, through the gateway’s redirect', async () => {
    const s = await site(['multilanding', 'voucher', 'clickthrough']);
    const { codes } = await batch(s);
    const { guest } = await arriveFromUnifi(server, s, { url: voucherQrUrl(DEFAULT_VOUCHER_QR_BASE_URL, codes[0]!) });
    const start = await guest.get();
    expect(start.html).toContain('href="voucher"');
    const screen = await guest.get('voucher');
    expect(screen.html).toMatch(new RegExp(`name="voucher"[^>]*value="${formatVoucherCode(codes[0]!)}"`));
    const done = await guest.post('voucher', { voucher: formatVoucherCode(codes[0]!) });
    expect(textOf(done.html)).toContain('You are connected');
    // Without a code in the address the field is empty.
    const plain = await (await arriveFromUnifi(server, s)).guest.get('voucher');
    expect(plain.html).not.toMatch(/name="voucher"[^>]*value="\w/);
  });
});
