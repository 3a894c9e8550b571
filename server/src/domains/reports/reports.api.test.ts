import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dashboardCallUrl, REPORT_FIGURES, type DashboardTileKey } from '@splashboard/contract';
import { reportRuns, reportSchedules, sites, users } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { startSmtp, type ReceivedMail } from '../../../test/smtp.ts';
import { signedInClient } from '../../../test/clients.ts';
import { writeDashboardFixture, writeNowFixture } from '../../../test/fixtures/dashboard.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { REPORTS_DISPATCH_JOB } from './index.ts';

/**
 * Scheduled reports through the API, the job queue (time moved by the dispatch job's `at`, not slept) and
 * a real SMTP server on loopback.
 */
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://dash.example.test' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
const db = () => server.handle.db;

const settings = (over: Record<string, unknown> = {}) => ({
  frequency: 'weekly',
  day_of_week: 1,
  day_of_month: 1,
  hour: 8,
  time_zone: 'UTC',
  recipients: ['boss@example.com'],
  figures: [...REPORT_FIGURES],
  language: 'en-US',
  ...over,
});
const sitePath = (id: number) => `/s/${id}/api/v1/reports/settings`;
const siteTestPath = (id: number) => `/s/${id}/api/v1/reports/test`;

async function accountWithSite(timezone = 'Europe/Madrid', over: Record<string, unknown> = {}) {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client, { name: 'Plaza Mayor', timezone, ...over });
  const [row] = await db().select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, site.id));
  return { ...owner, siteId: site.id as number, accountId: row!.accountId };
}
const schedulesOf = (accountId: number) => db().select().from(reportSchedules).where(eq(reportSchedules.accountId, accountId));
const runsOf = async (scheduleId: number) =>
  (await db().select().from(reportRuns).where(eq(reportRuns.scheduleId, scheduleId))).sort((a, b) => a.id - b.id);

/** Runs the dispatch job through the queue as of `at` (how many at once), and waits until each has run. */
async function dispatchAt(at: string, times = 1) {
  await Promise.all(Array.from({ length: times }, () => server.built.ctx.jobs.enqueue(REPORTS_DISPATCH_JOB, { at })));
  const states = async () =>
    (
      await server.handle.executeSql(`select state from pgboss.job where name = 'reports.dispatch' and data->>'at' = $1`, [at])
    ).rows.map((r) => String(r.state));
  const start = Date.now();
  while ((await states()).filter((s) => s === 'completed').length < times) {
    if (Date.now() - start > 20_000) throw new Error(`dispatch at ${at} did not complete: ${JSON.stringify(await states())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until every run of a schedule is sent (or failed), and answers them. */
async function settledRuns(scheduleId: number, count: number) {
  const start = Date.now();
  for (;;) {
    const runs = await runsOf(scheduleId);
    if (runs.length >= count && runs.every((r) => r.status !== 'sending')) return runs;
    if (Date.now() - start > 30_000) throw new Error(`runs not settled: ${JSON.stringify(runs)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---- Reading a received email: its MIME parts decoded ------------------------------------------------

interface Part {
  type: string;
  filename: string | null;
  body: Buffer;
}
function partsOf(entity: string): Part[] {
  const split = entity.search(/\r?\n\r?\n/);
  const head = entity.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const type = header('content-type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => partsOf(p.replace(/^\r?\n/, '')));
  }
  const encoding = header('content-transfer-encoding').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('latin1')),
            'latin1',
          )
        : Buffer.from(body, 'utf8');
  const filename = /filename="?([^";]+)"?/i.exec(header('content-disposition') || type)?.[1] ?? null;
  return [{ type: type.split(';')[0]!.toLowerCase(), filename, body: decoded }];
}
const textOf = (mail: ReceivedMail) =>
  partsOf(mail.raw)
    .find((p) => p.type === 'text/plain')!
    .body.toString('utf8');
/** A header as a reader sees it (RFC 2047 encoded words decoded). */
const headerOf = (mail: ReceivedMail, name: string) =>
  (new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, word: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : Buffer.from(
            word.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));
/** Waits until `count` emails reached `to` (the mailer delivers through its own job). */
async function emailsArrive(to: string, count: number) {
  const start = Date.now();
  while (mailsTo(to).length < count) {
    if (Date.now() - start > 30_000) throw new Error(`${mailsTo(to).length} of ${count} emails reached ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** A figure shown in the text as a number of its own (renderer-neutral: "5", "12.5"). */
const mentions = (text: string, n: number) => new RegExp(`(^|[^\\d.])${String(n).replace('.', '\\.')}(?![\\d])`).test(text);

describe('report settings', () => {
  it('answers the defaults in the site zone with the account admins and the site clients as suggestions', async () => {
    const { client, email, siteId, accountId } = await accountWithSite('Europe/Madrid');
    const clientUser = await signedInClient(server, accountId, [{ siteId, area: 'settings', level: 'read' }]);
    const res = await client.get(sitePath(siteId));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      frequency: 'never',
      hour: 8,
      time_zone: 'Europe/Madrid',
      recipients: [],
      figures: [...REPORT_FIGURES],
      next_run_at: null,
      last_sent_at: null,
      last_error: null,
    });
    expect(res.body.suggested_recipients).toEqual([
      { email, name: 'Test Owner', role: 'owner' },
      { email: clientUser.email, name: 'Invited Client', role: 'client' },
    ]);
    // The control panel's suggests the owner and admins only.
    const panel = await client.get('/a/api/v1/reports/settings');
    expect(panel.status).toBe(200);
    expect(panel.body.suggested_recipients).toEqual([{ email, name: 'Test Owner', role: 'owner' }]);
  });

  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const { client, siteId, accountId } = await accountWithSite();
    const bad = async (body: unknown, field: string, message: string) => {
      const res = await client.put(sitePath(siteId), body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toMatchObject({ status: 422, message: 'Report settings update failed', code: 'reports.updateFailed' });
      expect(res.body.schema_errors[field]).toEqual([message]);
    };
    await bad(settings({ recipients: [] }), 'recipients', 'Address is mandatory; recipients are required');
    await bad(
      settings({ recipients: ['boss@example.com', 'not-an-email'] }),
      'recipients.1',
      'Please enter a valid email address',
    );
    await bad(settings({ frequency: 'hourly' }), 'frequency', 'Choose one of the frequencies listed');
    const panel = await client.put('/a/api/v1/reports/settings', settings({ time_zone: 'Mars/Olympus_Mons' }));
    expect(panel.status).toBe(422);
    expect(panel.body).toMatchObject({
      message: 'Report settings update failed',
      schema_errors: { time_zone: ['Unknown time zone'] },
    });
    expect(await schedulesOf(accountId)).toEqual([]);
    expect((await client.get(sitePath(siteId))).body).toMatchObject({ frequency: 'never', recipients: [] });
  });

  it('saves, and works out the next send at the local hour', async () => {
    const { client, siteId } = await accountWithSite('America/New_York');
    const res = await client.put(sitePath(siteId), settings({ recipients: [' Boss@Example.com ', 'ops@example.com'] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ frequency: 'weekly', recipients: ['boss@example.com', 'ops@example.com'] });
    const next = new Date(res.body.next_run_at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(next);
    expect(local).toBe('Mon 08:00');
    expect((await client.get(sitePath(siteId))).body.next_run_at).toBe(res.body.next_run_at);
    // Never: no next send.
    expect((await client.put(sitePath(siteId), settings({ frequency: 'never', recipients: [] }))).body.next_run_at).toBeNull();
  });

  it("answers 404 for another account's site and 403 to a Read Only client's writes, storing nothing", async () => {
    const { siteId, accountId } = await accountWithSite();
    const stranger = await registerAccount(server);
    for (const res of [
      await stranger.client.get(sitePath(siteId)),
      await stranger.client.put(sitePath(siteId), settings()),
      await stranger.client.post(siteTestPath(siteId), { recipients: ['x@example.com'] }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('common.siteNotFound');
    }
    const reader = await signedInClient(server, accountId, [{ siteId, area: 'settings', level: 'read' }]);
    expect((await reader.client.get(sitePath(siteId))).status).toBe(200);
    expect((await reader.client.put(sitePath(siteId), settings())).status).toBe(403);
    expect((await reader.client.post(siteTestPath(siteId), { recipients: ['x@example.com'] })).status).toBe(403);
    // The control panel's report is the admins'.
    expect((await reader.client.get('/a/api/v1/reports/settings')).status).toBe(403);
    expect(await schedulesOf(accountId)).toEqual([]);
    expect(mailsTo('x@example.com')).toEqual([]);
    const writer = await signedInClient(server, accountId, [{ siteId, area: 'settings', level: 'write' }]);
    expect((await writer.client.put(sitePath(siteId), settings())).status).toBe(200);
  });
});

describe('send a test now', () => {
  it('sends the last complete period at once to the given address, and keeps the run', async () => {
    const { client, siteId, accountId } = await accountWithSite();
    const to = 'tester@example.com';
    const res = await client.post(siteTestPath(siteId), { recipients: [to] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'The report was sent to 1 recipients', sent_to: [to] });
    const mail = await smtp.waitFor(to);
    expect(mail.to).toEqual([to]);
    expect(headerOf(mail, 'subject')).toContain('Plaza Mayor');
    const [schedule] = await schedulesOf(accountId);
    // Never saved: kept with the defaults, sent only on request.
    expect(schedule).toMatchObject({ siteId, nextRunAt: null });
    expect(await runsOf(schedule!.id)).toMatchObject([{ kind: 'test', status: 'sent', recipients: [to] }]);
  });

  it('needs recipients, and is rate limited', async () => {
    const { client, siteId } = await accountWithSite();
    const none = await client.post(siteTestPath(siteId), {});
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({
      message: 'Address is mandatory; recipients are required',
      schema_errors: { recipients: ['Address is mandatory; recipients are required'] },
    });
    const bad = await client.post(siteTestPath(siteId), { recipients: ['nope'] });
    expect(bad.status).toBe(422);
    // Saved recipients are used when none are given.
    expect((await client.put(sitePath(siteId), settings({ recipients: ['saved@example.com'] }))).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await client.post(siteTestPath(siteId), {})).status).toBe(200);
    const limited = await client.post(siteTestPath(siteId), {});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await emailsArrive('saved@example.com', 4);
    expect(mailsTo('saved@example.com')).toHaveLength(4);
  });

  it("sends the control panel's report across the account's sites", async () => {
    const { client } = await accountWithSite();
    const res = await client.post('/a/api/v1/reports/test', { recipients: ['panel@example.com'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await smtp.waitFor('panel@example.com');
  });
});

describe('the schedule across daylight-saving changes', () => {
  it('a weekly report on Sundays at 08:00 Madrid arrives at 08:00 local before and after each change', async () => {
    const { client, siteId, accountId } = await accountWithSite('Europe/Madrid');
    const to = 'dst@example.com';
    expect((await client.put(sitePath(siteId), settings({ day_of_week: 0, recipients: [to] }))).status).toBe(200);
    const [schedule] = await schedulesOf(accountId);
    const next = async () => (await client.get(sitePath(siteId))).body.next_run_at;
    const periods = async () =>
      (await runsOf(schedule!.id)).map((r) => `${r.periodStart.toISOString()}…${r.periodEnd.toISOString()} ${r.status}`);

    // Sunday 21 March 2027, 08:00 CET (07:00Z): the week 14–20 March.
    await dispatchAt('2027-03-21T07:00:00.000Z');
    await settledRuns(schedule!.id, 1);
    expect(await periods()).toEqual(['2027-03-13T23:00:00.000Z…2027-03-20T23:00:00.000Z sent']);
    // The next Sunday is in summer time: 08:00 CEST is 06:00Z.
    expect(await next()).toBe('2027-03-28T06:00:00.000Z');
    await dispatchAt('2027-03-28T05:59:00.000Z');
    expect(await runsOf(schedule!.id)).toHaveLength(1);
    await dispatchAt('2027-03-28T06:00:00.000Z');
    await settledRuns(schedule!.id, 2);
    // 21–27 March: local midnights, both in CET (the clocks change at 02:00 on the 28th).
    expect((await periods())[1]).toBe('2027-03-20T23:00:00.000Z…2027-03-27T23:00:00.000Z sent');
    expect(await next()).toBe('2027-04-04T06:00:00.000Z');

    // Months later (the sends missed meanwhile are not made up): Sunday 24 October, still summer time.
    await dispatchAt('2027-10-24T06:00:00.000Z');
    await settledRuns(schedule!.id, 3);
    expect((await periods())[2]).toBe('2027-10-16T22:00:00.000Z…2027-10-23T22:00:00.000Z sent');
    // 31 October is back on CET: 08:00 local is 07:00Z, not 06:00Z.
    expect(await next()).toBe('2027-10-31T07:00:00.000Z');
    await dispatchAt('2027-10-31T06:00:00.000Z');
    expect(await runsOf(schedule!.id)).toHaveLength(3);
    await dispatchAt('2027-10-31T07:00:00.000Z');
    await settledRuns(schedule!.id, 4);
    // 24–30 October: local midnights in CEST (the clocks go back at 03:00 on the 31st).
    expect((await periods())[3]).toBe('2027-10-23T22:00:00.000Z…2027-10-30T22:00:00.000Z sent');
    expect(await next()).toBe('2027-11-07T07:00:00.000Z');
    // One email per run, each of its own week.
    await emailsArrive(to, 4);
    expect(mailsTo(to)).toHaveLength(4);
    // (Delivered by the mailer's own jobs, so not necessarily in the order they were sent.)
    const subjects = mailsTo(to).map((m) => headerOf(m, 'subject'));
    for (const from of ['Mar 14–20, 2027', 'Mar 21–27, 2027', 'Oct 17–23, 2027', 'Oct 24–30, 2027'])
      expect(
        subjects.filter((x) => x.includes(from)),
        from,
      ).toHaveLength(1);
  });
});

describe('a scheduled send', () => {
  let owner: TestClient;
  let A: number;
  let accountId: number;
  const march = { fromdate: '01/03/2025', todate: '07/03/2025' };
  // Saturday 8 March 2025, 08:00 in New York (EST, UTC−5): the week 1–7 March.
  const SEND = '2025-03-08T13:00:00.000Z';

  beforeAll(async () => {
    const reg = await registerAccount(server);
    owner = reg.client;
    A = (await createSite(owner, { name: 'Nueva York', timezone: 'America/New_York', currency: 'USD' })).id;
    const B = (await createSite(owner, { name: 'Tokio', timezone: 'Asia/Tokyo', currency: 'JPY' })).id;
    const [row] = await db().select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, A));
    accountId = row!.accountId;
    await writeDashboardFixture(server, accountId, A, B);
    await writeNowFixture(server, accountId, A, B);
    // The owner reads Spanish: their copy is rendered in their language.
    await db().update(users).set({ language: 'es-ES' }).where(eq(users.email, reg.email));
  });

  /** The schedule as if it had been saved before the fixture's week: its next send was that week's Saturday. */
  async function rewind(siteId: number | null, at: string) {
    const rows = await schedulesOf(accountId);
    const row = rows.find((r) => r.siteId === siteId)!;
    await db()
      .update(reportSchedules)
      .set({ nextRunAt: new Date(at) })
      .where(eq(reportSchedules.id, row.id));
    return row;
  }
  const tile = async (siteId: number, key: DashboardTileKey) => {
    const res = await owner.get(dashboardCallUrl(siteId, key, march));
    expect(res.status).toBe(200);
    return res.body;
  };

  it("emails each recipient on their own the dashboard's figures of the period, once however often dispatch runs", async () => {
    const recipients = ['ana@example.com', 'luis@example.com'];
    const put = await owner.put(sitePath(A), settings({ day_of_week: 6, recipients }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const schedule = await rewind(A, SEND);

    // Twice at the same instant (together), and once again a minute later.
    await dispatchAt(SEND, 2);
    await dispatchAt('2025-03-08T13:01:00.000Z');
    const runs = await settledRuns(schedule.id, 1);
    expect(runs).toMatchObject([
      {
        kind: 'scheduled',
        status: 'sent',
        recipients,
        periodStart: new Date('2025-03-01T05:00:00Z'),
        periodEnd: new Date('2025-03-08T05:00:00Z'),
      },
    ]);
    for (const to of recipients) await smtp.waitFor(to);
    await new Promise((r) => setTimeout(r, 1000));
    for (const to of recipients) {
      const mine = mailsTo(to);
      expect(mine, `${to} gets one email`).toHaveLength(1);
      // Nobody sees who else it went to.
      expect(mine[0]!.to).toEqual([to]);
      expect(headerOf(mine[0]!, 'to')).not.toContain(recipients.find((r) => r !== to));
    }

    // Moved on to the next Saturday, 08:00 in New York now on summer time (EDT since 9 March: 12:00Z).
    const view = (await owner.get(sitePath(A))).body;
    expect(view.next_run_at).toBe('2025-03-15T12:00:00.000Z');
    expect(view.last_sent_at).not.toBeNull();
    expect(view.last_error).toBeNull();

    const text = textOf(mailsTo('ana@example.com')[0]!);
    expect(headerOf(mailsTo('ana@example.com')[0]!, 'subject')).toBe('Weekly report for Nueva York: Mar 1–7, 2025');
    const figures: [string, number][] = [
      ['total guests', (await tile(A, 'total_guests')).value],
      ['previous guests', (await tile(A, 'total_guests')).previous],
      ['new guests', (await tile(A, 'first_time_guests')).value],
      ['logins', (await tile(A, 'wifi_logins')).total.value],
      ['previous logins', (await tile(A, 'wifi_logins')).total.previous],
      // The report shows whole minutes, as people read a dwell time.
      ['dwell time', Math.round((await tile(A, 'dwell_time')).value)],
      ['bounce rate', (await tile(A, 'bounce_rate')).value],
      ['activated vouchers', (await tile(A, 'activated_vouchers')).value],
      ['active vouchers', (await tile(A, 'active_vouchers')).value],
      ['unused vouchers', (await tile(A, 'unused_vouchers')).value],
    ];
    expect(figures.find(([k]) => k === 'total guests')![1]).toBe(5);
    // The same figures in the attached PDF, as a reader extracts its text.
    const pdf = partsOf(mailsTo('ana@example.com')[0]!.raw).find((p) => p.type === 'application/pdf');
    expect(pdf, 'the PDF is attached').toBeDefined();
    const pdfWords = await pdfText(pdf!.body);
    for (const [name, value] of figures) {
      expect(mentions(text, value), `${name} ${value} in:\n${text}`).toBe(true);
      expect(mentions(pdfWords, value), `${name} ${value} in the PDF:\n${pdfWords}`).toBe(true);
    }
  });

  it("sends the control panel's report with every site's figures in their own local days", async () => {
    const put = await owner.put(
      '/a/api/v1/reports/settings',
      settings({ day_of_week: 6, time_zone: 'America/New_York', recipients: ['panel-weekly@example.com'] }),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const schedule = await rewind(null, SEND);
    await dispatchAt('2025-03-08T13:02:00.000Z');
    await settledRuns(schedule.id, 1);
    const mail = await smtp.waitFor('panel-weekly@example.com');
    const text = textOf(mail);
    const guests = (await tile(0, 'total_guests')) as { value: number; previous: number };
    expect(guests.value).toBe(7);
    expect(mentions(text, guests.value)).toBe(true);
    expect(mentions(text, (await tile(0, 'wifi_logins')).total.value)).toBe(true);
  });
});
