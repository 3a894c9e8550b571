import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  guestAccounts,
  guestSessions,
  guests,
  outboxEmails,
  paymentAccounts,
  users,
  voucherSessions,
  vouchers,
} from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../../../test/fakes/sms-gateway.ts';
import { createBatch } from '../../../test/fixtures/vouchers.ts';
import { accessNoticesOf } from './index.ts';
import { ACCESS_NOTICES_JOB } from './access-notices.ts';

let server: TestServer;
let gateway: FakeSmsGateway;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  [smtp, gateway] = await Promise.all([startSmtp(), startFakeSmsGateway()]);
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([gateway?.close(), smtp?.close()]);
});
beforeEach(() => gateway.reset());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => server.handle.db;
/** Scans as of an instant well ahead, so the worker's own scans (as of now) find nothing of these tests. */
const later = () => new Date(Date.now() + 60 * DAY + Math.floor(Math.random() * DAY));
/** Two scans at once, as two workers would run them. */
const scanTwice = async (at: Date) => {
  const notices = accessNoticesOf(server.built.ctx);
  await Promise.all([notices.scan(at), notices.scan(at)]);
};
/** The notices (not the registration's email) an address got, oldest first. */
const emailsTo = async (to: string) =>
  (await db().select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(outboxEmails.id)).filter(
    (m) => !m.subject.startsWith('Confirm your email'),
  );
/** The texts the SMS gateway got for a number (wherever the request put them). */
const smsTo = (digits: string) =>
  gateway.received
    .map((r) => decodeURIComponent(`${JSON.stringify(r.query)} ${r.body}`.replace(/\+/g, ' ')))
    .filter((t) => t.includes(digits));

interface Operator {
  client: TestClient;
  email: string;
  accountId: number;
  siteId: number;
  api: string;
}

/** A new account and site with these login methods, and an SMS gateway when asked. */
async function operator(authMethods: string[], opts: { sms?: boolean } = {}): Promise<Operator> {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client, { name: 'Harbour Café', auth_methods: authMethods, timezone: 'UTC' });
  const [u] = await db().select().from(users).where(eq(users.email, owner.email));
  const api = `/s/${site.id}/api/v1`;
  if (opts.sms) {
    const saved = await owner.client.put(`${api}/smsgateway/`, { enabled: true, url: `${gateway.origin}/api/send` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return { client: owner.client, email: owner.email, accountId: u!.accountId, siteId: site.id, api };
}

async function switches(o: Operator, method: string, values: Record<string, unknown>) {
  const saved = await o.client.put(`${o.api}/${method}/`, values);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** A guest record (what a login collected) and one session of it with these bytes. */
async function guestWithSession(
  o: Operator,
  identity: string,
  opts: { email?: string; phone?: string; bytes?: number; startedAt: Date },
) {
  const [guest] = await db()
    .insert(guests)
    .values({
      accountId: o.accountId,
      siteId: o.siteId,
      identity,
      email: opts.email ?? null,
      phone: opts.phone ?? null,
      firstMethod: 'guestuser',
      lastMethod: 'guestuser',
    })
    .returning();
  const [session] = await db()
    .insert(guestSessions)
    .values({
      accountId: o.accountId,
      siteId: o.siteId,
      guestId: guest!.id,
      mac: `02:00:00:${Math.floor(Math.random() * 256)
        .toString(16)
        .padStart(2, '0')}:00:01`,
      method: 'guestuser',
      family: 'unifi',
      startedAt: opts.startedAt,
      expiresAt: new Date(opts.startedAt.getTime() + HOUR),
      endedAt: new Date(opts.startedAt.getTime() + HOUR),
      minutes: 60,
      bytesDown: opts.bytes ?? 0,
      grantStatus: 'confirmed',
    })
    .returning();
  return session!;
}

/** A guest account made through the API, then first used at `firstLogin` (as the portal would set it). */
async function guestAccount(o: Operator, fields: Record<string, unknown>, firstLogin: Date) {
  const res = await o.client.post(`${o.api}/guestuser/create`, { password: 'sunny-day-7', ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [row] = await db()
    .select()
    .from(guestAccounts)
    .where(eq(guestAccounts.username, String(fields.username)));
  const minutes =
    Number(fields.duration_val) *
    ({ minutes: 1, hours: 60, days: 1440 } as Record<string, number>)[String(fields.duration_type)]!;
  await db()
    .update(guestAccounts)
    .set({ firstLoginAt: firstLogin, expiresAt: new Date(firstLogin.getTime() + minutes * 60_000) })
    .where(eq(guestAccounts.id, row!.id));
  return row!.id;
}

describe('guest accounts', () => {
  it('tells of usage once (guest by email and SMS, owner, extra addresses), none to a guest without a channel', async () => {
    const o = await operator(['guestuser'], { sms: true });
    await switches(o, 'guestuserloginconfig', {
      usage_notification: true,
      usage_notification_to_self: true,
      usage_notification_emails: ['desk@harbour.example.test'],
    });
    const at = later();
    // Ana used 850 MB of her 1 GB on day 1 of 10; Ben 1 MB of his, but 9 of his 10 days; Cleo little of both.
    const ana = await guestAccount(
      o,
      {
        username: `ana${at.getTime()}`,
        name: 'Ana',
        email: 'ana.usage@example.test',
        bytes_t: 1,
        bytes_type: 'GB',
        duration_val: 10,
        duration_type: 'days',
      },
      new Date(at.getTime() - DAY),
    );
    await guestWithSession(o, `guestuser:${ana}`, {
      phone: '+34600111222',
      bytes: 850_000_000,
      startedAt: new Date(at.getTime() - 20 * HOUR),
    });
    await guestAccount(
      o,
      { username: `ben${at.getTime()}`, bytes_t: 1, bytes_type: 'GB', duration_val: 10, duration_type: 'days' },
      new Date(at.getTime() - 9 * DAY),
    );
    const cleo = await guestAccount(
      o,
      {
        username: `cleo${at.getTime()}`,
        email: 'cleo.usage@example.test',
        bytes_t: 1,
        bytes_type: 'GB',
        duration_val: 10,
        duration_type: 'days',
      },
      new Date(at.getTime() - DAY),
    );
    await guestWithSession(o, `guestuser:${cleo}`, { bytes: 300_000_000, startedAt: new Date(at.getTime() - 20 * HOUR) });

    await scanTwice(at);
    await accessNoticesOf(server.built.ctx).scan(new Date(at.getTime() + 10 * 60_000));

    const [guestMail, ...more] = await emailsTo('ana.usage@example.test');
    expect(more).toHaveLength(0);
    expect(guestMail!.subject).toBe('You have used most of your Wi-Fi at Harbour Café');
    expect(guestMail!.text).toContain('Hello Ana,');
    expect(guestMail!.text).toContain('Data left: 150 MB');
    expect(guestMail!.text).toContain('Time left: 9 days');
    const delivered = await smtp.waitFor('ana.usage@example.test');
    expect(delivered.raw).toContain('Harbour');
    expect(smsTo('34600111222')).toHaveLength(1);
    expect(smsTo('34600111222')[0]).toContain('You have used most of your Wi-Fi at Harbour Café: 9 days, 150 MB left');

    const owner = await emailsTo(o.email);
    expect(owner.map((m) => m.subject).sort()).toEqual([
      `Wi-Fi usage notice at Harbour Café: ana${at.getTime()}`,
      `Wi-Fi usage notice at Harbour Café: ben${at.getTime()}`,
    ]);
    expect(owner.find((m) => m.subject.endsWith(`ana${at.getTime()}`))!.text).toContain(`Guest account: ana${at.getTime()}`);
    expect(await emailsTo('desk@harbour.example.test')).toHaveLength(2);
    expect(await emailsTo('cleo.usage@example.test')).toHaveLength(0);
    // Ben has no email and no phone: only the operator's copies tell of him.
    expect(gateway.received).toHaveLength(1);
  });

  it('tells of the end once, to the guest only when the operator copy is off, and nothing when switched off', async () => {
    const o = await operator(['guestuser']);
    await switches(o, 'guestuserloginconfig', { expiry_notification: true, usage_notification: false });
    const off = await operator(['guestuser']);
    await switches(off, 'guestuserloginconfig', { expiry_notification: false, expiry_notification_to_self: true });
    const at = later();
    // 10 days from first use: Dora's end is 12 h away (told), Eli's 36 h (not yet: within min(24 h, 2 days)).
    await guestAccount(
      o,
      { username: `dora${at.getTime()}`, name: 'Dora', email: 'dora.end@example.test', duration_val: 10, duration_type: 'days' },
      new Date(at.getTime() - 9.5 * DAY),
    );
    await guestAccount(
      o,
      { username: `eli${at.getTime()}`, email: 'eli.end@example.test', duration_val: 10, duration_type: 'days' },
      new Date(at.getTime() - 8.5 * DAY),
    );
    await guestAccount(
      off,
      { username: `finn${at.getTime()}`, email: 'finn.end@example.test', duration_val: 10, duration_type: 'days' },
      new Date(at.getTime() - 9.9 * DAY),
    );

    await scanTwice(at);
    await scanTwice(new Date(at.getTime() + HOUR));

    const mails = await emailsTo('dora.end@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Wi-Fi access at Harbour Café ends soon');
    expect(mails[0]!.text).toContain('Time left: 12 hours');
    expect(await emailsTo('eli.end@example.test')).toHaveLength(0);
    expect(await emailsTo('finn.end@example.test')).toHaveLength(0);
    expect(await emailsTo(o.email)).toHaveLength(0);
    expect(await emailsTo(off.email)).toHaveLength(0);
  });

  it('runs as the scheduled job, with the instant in its payload', async () => {
    const o = await operator(['guestuser']);
    await switches(o, 'guestuserloginconfig', { expiry_notification: true, expiry_notification_to_self: true });
    const at = later();
    const name = `gia${at.getTime()}`;
    await guestAccount(o, { username: name, duration_val: 1, duration_type: 'days' }, new Date(at.getTime() - 20 * HOUR));
    await server.built.ctx.jobs.enqueue(ACCESS_NOTICES_JOB, { at: at.toISOString() });
    const mail = await smtp.waitFor(o.email, 15_000, name);
    expect(mail.raw).toContain('This guest account');
    expect((await emailsTo(o.email))[0]!.subject).toBe(`Wi-Fi expiry notice at Harbour Café: ${name}`);
  });
});

describe('vouchers', () => {
  /** Activates a voucher at `activated` for the batch's duration (as the portal would). */
  const activate = (id: number, activated: Date, minutes: number) =>
    db()
      .update(vouchers)
      .set({ activatedAt: activated, expiresAt: new Date(activated.getTime() + minutes * 60_000) })
      .where(eq(vouchers.id, id));
  const voucherSession = async (o: Operator, voucherId: number, opts: Parameters<typeof guestWithSession>[2]) => {
    const session = await guestWithSession(o, `voucher:${voucherId}:${Math.random()}`, opts);
    await db().insert(voucherSessions).values({ sessionId: session.id, voucherId, siteId: o.siteId, mac: session.mac });
  };

  it('tells of usage once: the guest who gave an email, the operator; none to a guest who gave nothing', async () => {
    const o = await operator(['voucher']);
    await switches(o, 'voucherloginconfig', {
      usage_notification: true,
      usage_notification_to_self: true,
      usage_notification_emails: [],
    });
    const { ids, codes } = await createBatch(server, o.client, `${o.api}/voucher`, { count: 3, data_limit: 500 });
    const at = later();
    for (const id of ids) await activate(id, new Date(at.getTime() - HOUR), 1440);
    await voucherSession(o, ids[0]!, {
      email: 'hana.voucher@example.test',
      bytes: 450_000_000,
      startedAt: new Date(at.getTime() - HOUR),
    });
    await voucherSession(o, ids[1]!, { bytes: 420_000_000, startedAt: new Date(at.getTime() - HOUR) });
    await voucherSession(o, ids[2]!, {
      email: 'ivo.voucher@example.test',
      bytes: 100_000_000,
      startedAt: new Date(at.getTime() - HOUR),
    });

    await scanTwice(at);
    await scanTwice(new Date(at.getTime() + 5 * 60_000));

    const mails = await emailsTo('hana.voucher@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Voucher: ${codes[0]}`);
    expect(mails[0]!.text).toContain('Data left: 50 MB');
    expect(await emailsTo('ivo.voucher@example.test')).toHaveLength(0);
    const owner = await emailsTo(o.email);
    expect(owner.map((m) => m.subject).sort()).toEqual(
      [codes[0], codes[1]].map((c) => `Wi-Fi usage notice at Harbour Café: ${c}`).sort(),
    );
  });

  it('tells of the end once, by SMS to the guest who gave a phone where the site has a gateway', async () => {
    const o = await operator(['voucher'], { sms: true });
    await switches(o, 'voucherloginconfig', { expiry_notification: true, expiry_notification_emails: ['desk.v@example.test'] });
    const { ids, codes } = await createBatch(server, o.client, `${o.api}/voucher`, { count: 2 });
    const at = later();
    // One day each: the first ends in 4 h (within 20 % of a day), the second in 14 h.
    await activate(ids[0]!, new Date(at.getTime() - 20 * HOUR), 1440);
    await activate(ids[1]!, new Date(at.getTime() - 10 * HOUR), 1440);
    await voucherSession(o, ids[0]!, { phone: '+447911123456', startedAt: new Date(at.getTime() - 20 * HOUR) });
    await voucherSession(o, ids[1]!, { phone: '+447911654321', startedAt: new Date(at.getTime() - 10 * HOUR) });

    await scanTwice(at);
    await scanTwice(new Date(at.getTime() + 5 * 60_000));

    expect(smsTo('447911123456')).toHaveLength(1);
    expect(smsTo('447911123456')[0]).toContain('Your Wi-Fi access at Harbour Café ends on');
    expect(smsTo('447911654321')).toHaveLength(0);
    const desk = await emailsTo('desk.v@example.test');
    expect(desk).toHaveLength(1);
    expect(desk[0]!.subject).toBe(`Wi-Fi expiry notice at Harbour Café: ${codes[0]}`);
    expect(await emailsTo(o.email)).toHaveLength(0);
  });
});

describe('payment accounts', () => {
  const TERMS = {
    duration_type: 'days',
    duration_val: 30,
    bytes_t: 1,
    bytes_type: 'GB',
    speed_ul: 0,
    speed_dl: 0,
    num_devices: 1,
  } as const;
  async function paymentAccount(
    o: Operator,
    fields: { email: string; phone?: string; lang?: string; firstName?: string },
    startsAt: Date,
    expiresAt: Date,
  ) {
    const [row] = await db()
      .insert(paymentAccounts)
      .values({
        accountId: o.accountId,
        siteId: o.siteId,
        email: fields.email,
        passwordHash: 'not-used-here',
        firstName: fields.firstName ?? '',
        phone: fields.phone ?? '',
        lang: fields.lang ?? 'en',
        terms: TERMS,
        startsAt,
        expiresAt,
      })
      .returning();
    return row!.id;
  }

  it('tells of usage once, in Spanish to a Spanish guest by email and SMS, and to the owner', async () => {
    const o = await operator(['payment'], { sms: true });
    await switches(o, 'paymentloginconfig', { usage_notification: true, usage_notification_to_self: true });
    const at = later();
    const lucia = await paymentAccount(
      o,
      { email: 'lucia.pago@example.test', phone: '+34611222333', lang: 'es', firstName: 'Lucía' },
      new Date(at.getTime() - DAY),
      new Date(at.getTime() + 29 * DAY),
    );
    await guestWithSession(o, `payment:${lucia}`, { bytes: 700_000_000, startedAt: new Date(at.getTime() - 20 * HOUR) });
    await guestWithSession(o, 'email:lucia.pago@example.test', {
      bytes: 200_000_000,
      startedAt: new Date(at.getTime() - 10 * HOUR),
    });
    // No phone, little used: nothing.
    await paymentAccount(o, { email: 'mark.paid@example.test' }, new Date(at.getTime() - DAY), new Date(at.getTime() + 29 * DAY));

    await scanTwice(at);
    await scanTwice(new Date(at.getTime() + 5 * 60_000));

    const mails = await emailsTo('lucia.pago@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Has usado casi todo tu Wi-Fi en Harbour Café');
    expect(mails[0]!.text).toContain('Hola Lucía:');
    expect(mails[0]!.text).toContain('Datos restantes: 100 MB');
    expect(mails[0]!.text).toContain('Tiempo restante: 29 días');
    expect(smsTo('34611222333')).toHaveLength(1);
    expect(smsTo('34611222333')[0]).toContain('Has usado casi todo tu Wi-Fi en Harbour Café');
    expect(await emailsTo('mark.paid@example.test')).toHaveLength(0);
    const owner = await emailsTo(o.email);
    expect(owner).toHaveLength(1);
    expect(owner[0]!.subject).toBe('Wi-Fi usage notice at Harbour Café: lucia.pago@example.test');
    expect(owner[0]!.text).toContain('Payment account: lucia.pago@example.test');
  });

  it('tells of the end once: the operator always, the guest only by a channel the payment reminder does not use', async () => {
    const o = await operator(['payment'], { sms: true });
    // The payment settings' own reminder emails the guest a day before (on by default), so ours texts only.
    await switches(o, 'paymentloginconfig', {
      expiry_notification: true,
      expiry_notification_to_self: true,
      expiry_notification_emails: ['till@harbour.example.test'],
    });
    const noReminder = await operator(['payment']);
    await switches(noReminder, 'paymentloginconfig', {
      expiry_notification: true,
      expiry_notification_to_self: true,
      emailexpiryreminder: false,
    });
    // This owner reads the dashboard in Spanish: their copy is in Spanish too.
    await db().update(users).set({ language: 'es-ES' }).where(eq(users.email, noReminder.email));
    const at = later();
    const ends = (s: number) => [new Date(at.getTime() - 30 * DAY + s), new Date(at.getTime() + s)] as const;
    await paymentAccount(o, { email: 'nora.paid@example.test', phone: '+34622333444' }, ...ends(6 * HOUR));
    await paymentAccount(o, { email: 'otto.paid@example.test' }, ...ends(10 * DAY));
    const rita = await paymentAccount(o, { email: 'rita.paid@example.test', phone: '+34633444555' }, ...ends(5 * HOUR));
    await db().update(paymentAccounts).set({ recurring: true }).where(eq(paymentAccounts.id, rita));
    await paymentAccount(noReminder, { email: 'pia.paid@example.test', lang: 'es-ES' }, ...ends(3 * HOUR));

    await scanTwice(at);
    await scanTwice(new Date(at.getTime() + HOUR));

    expect(await emailsTo('nora.paid@example.test')).toHaveLength(0);
    expect(smsTo('34622333444')).toHaveLength(1);
    expect(smsTo('34622333444')[0]).toContain('Your Wi-Fi access at Harbour Café ends on');
    // A recurring account is charged again rather than ended: its guest is not told.
    expect(await emailsTo('rita.paid@example.test')).toHaveLength(0);
    expect(smsTo('34633444555')).toHaveLength(0);
    const owner = await emailsTo(o.email);
    expect(owner.map((m) => m.subject).sort()).toEqual([
      'Wi-Fi expiry notice at Harbour Café: nora.paid@example.test',
      'Wi-Fi expiry notice at Harbour Café: rita.paid@example.test',
    ]);
    expect(owner.find((m) => m.subject.includes('nora'))!.text).toContain('Time left: 6 hours');
    expect(await emailsTo('till@harbour.example.test')).toHaveLength(2);
    expect(await emailsTo('otto.paid@example.test')).toHaveLength(0);

    const pia = await emailsTo('pia.paid@example.test');
    expect(pia).toHaveLength(1);
    expect(pia[0]!.subject).toBe('Tu acceso Wi-Fi en Harbour Café termina pronto');
    expect(pia[0]!.text).toContain('Tiempo restante: 3 horas');
    const ownerCopy = await emailsTo(noReminder.email);
    expect(ownerCopy).toHaveLength(1);
    expect(ownerCopy[0]!.subject).toBe('Aviso de caducidad de Wi-Fi en Harbour Café: pia.paid@example.test');
    expect(ownerCopy[0]!.text).toContain('Cuenta de pago: pia.paid@example.test');
  });
});
