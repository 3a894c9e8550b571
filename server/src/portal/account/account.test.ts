import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { paymentAccounts, paymentTransactions } from '../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, fetchPage, textOf, type GuestBrowser } from '../../../test/portal.ts';
import { connectedPaymentSite, insertPackage, type PaymentSite } from '../../../test/payments.ts';

/**
 * The guests' customer portal at /guest/{portalKey}/account: sign in with the payment account, see the
 * package, data, devices and payments, disconnect a device, renew through the Payment Element, sign out.
 */
let server: TestServer;
const sites: PaymentSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.unifi.close()));
  await server?.close();
});
const db = () => server.handle.db;

const confirm = (s: PaymentSite, intentId: string) =>
  s.stripe.paymentIntents.confirm(
    intentId,
    { payment_method: 'pm_card_visa', return_url: 'http://127.0.0.1/return' },
    { stripeAccount: s.stripeAccount },
  );
const intentOf = (html: string) => (/data-client-secret="([^"]+)"/.exec(html)?.[1] ?? '').split('_secret_')[0]!;

/** A guest buys the site's package on the portal: their payment account, with this device. */
async function buy(s: PaymentSite, guest: GuestBrowser, packageId: number, price: number, email: string) {
  await guest.post('payment', { step: 'choose', package: String(packageId) });
  const pay = await guest.post('payment', {
    step: 'pay',
    package: String(packageId),
    price: String(price),
    currency: 'USD',
    email,
    password: 'seven-chars',
  });
  const intentId = intentOf(pay.html);
  await confirm(s, intentId);
  const back = await fetchPage(
    server,
    `${new URL('payment-return', new URL(guest.base, server.url)).pathname}?payment_intent=${intentId}`,
  );
  expect(back.status).toBe(200);
}

/** A normal browser on the customer portal: keeps its cookies, follows nothing by itself. */
function browser(lang = 'en-US') {
  const cookies = new Map<string, string>();
  const request = async (path: string, form?: Record<string, string>) => {
    const res = await fetch(new URL(path, server.url), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        'accept-language': lang,
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
        ...(cookies.size && { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') }),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) || !v) cookies.delete(k!);
      else cookies.set(k!, v);
    }
    return {
      status: res.status,
      html: await res.text(),
      location: res.headers.get('location'),
      setCookies,
      csp: res.headers.get('content-security-policy'),
    };
  };
  return {
    cookies,
    get: (path: string) => request(path),
    post: (path: string, form: Record<string, string>) => request(path, form),
  };
}

describe('the customer portal', () => {
  it('signs a guest in with their payment account and shows their package, data, devices and payments', async () => {
    const s = await connectedPaymentSite(server);
    sites.push(s);
    const p = await insertPackage(server, s, { price: 1000 });
    const { guest } = await arriveFromUnifi(server, s);
    await buy(s, guest, p.id, 1000, 'lea@example.com');
    const path = `/guest/${s.portalKey}/account`;

    const b = browser();
    const form = await b.get(path);
    expect(form.status).toBe(200);
    expect(textOf(form.html)).toContain('Sign in with the email and password you chose when you bought Wi-Fi here.');

    for (const email of ['lea@example.com', 'nobody@example.com']) {
      const wrong = await b.post(`${path}/signin`, { email, password: 'not-the-one' });
      expect(wrong.status).toBe(401);
      expect(textOf(wrong.html)).toContain('That email or password is not correct');
    }
    const signedIn = await b.post(`${path}/signin`, { email: 'LEA@example.com', password: 'seven-chars' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe(path);
    const cookie = signedIn.setCookies.find((c) => c.startsWith('sb_guest_account='))!;
    expect(cookie).toContain(`Path=${path}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=1800');

    const overview = await b.get(path);
    expect(overview.status).toBe(200);
    const text = textOf(overview.html);
    expect(text).toContain('lea@example.com');
    expect(text).toContain('Package: Day pass');
    expect(text).toMatch(/Started: .+ Ends: /);
    expect(text).toContain('Data used: 0 MB');
    expect(text).toContain(guest.mac);
    expect(text).toMatch(/Day pass · \$10\.00 · Paid/);
    expect(text).toContain('Renew: Day pass');

    // Each payment's invoice: the ledger's PDF, for this guest's own transactions only.
    const [purchase] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.siteId, s.siteId));
    expect(overview.html).toContain(`href="${path}/invoice/${purchase!.id}"`);
    const pdf = await fetch(new URL(`${path}/invoice/${purchase!.id}`, server.url), {
      headers: { cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await b.get(`${path}/invoice/${purchase!.id + 100000}`)).status).toBe(404);
    expect((await fetch(new URL(`${path}/invoice/${purchase!.id}`, server.url), { redirect: 'manual' })).status).toBe(303);

    // The cookie is this site's only: another site's portal asks to sign in.
    const other = await connectedPaymentSite(server);
    sites.push(other);
    const elsewhere = await b.get(`/guest/${other.portalKey}/account`);
    expect(textOf(elsewhere.html)).toContain('Sign in with the email');
    expect((await b.get('/guest/no-such-portal/account')).status).toBe(404);

    // Disconnecting: only the guest's own device, at the controller too.
    const foreign = await b.post(`${path}/disconnect`, { mac: '02:00:00:00:99:99' });
    expect(foreign.status).toBe(404);
    const gone = await b.post(`${path}/disconnect`, { mac: guest.mac });
    expect(gone.status).toBe(303);
    expect(s.unifi.commands.filter((c) => c.body.cmd === 'unauthorize-guest').map((c) => c.body.mac)).toEqual([guest.mac]);
    const after = textOf((await b.get(gone.location!)).html);
    expect(after).toContain(`The device ${guest.mac} is disconnected.`);
    expect(after).toContain('No devices yet');

    const out = await b.post(`${path}/signout`, {});
    expect(out.status).toBe(303);
    expect(b.cookies.has('sb_guest_account')).toBe(false);
    expect(textOf((await b.get(out.location!)).html)).toContain('You are signed out.');
    // A signed-out browser is sent to the form, whatever it posts.
    expect((await b.post(`${path}/disconnect`, { mac: guest.mac })).location).toBe(path);
  });

  it('renews through the Payment Element: a renewal transaction moves the account’s end on by the package', async () => {
    const s = await connectedPaymentSite(server);
    sites.push(s);
    const p = await insertPackage(server, s, { price: 1000 });
    const week = await insertPackage(server, s, { name: 'Week', price: 2500, durationType: 'days', durationVal: 7 });
    const { guest } = await arriveFromUnifi(server, s);
    await buy(s, guest, p.id, 1000, 'max@example.com');
    const [account] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.email, 'max@example.com'));
    const path = `/guest/${s.portalKey}/account`;
    const b = browser('es-ES');
    await b.post(`${path}/signin`, { email: 'max@example.com', password: 'seven-chars' });
    const overview = textOf((await b.get(path)).html);
    expect(overview).toContain('Tu cuenta de Wi-Fi');
    expect(overview).toContain('Renovar: Week');

    // A price that changed since the page was drawn charges nothing.
    const stale = await b.post(`${path}/renew`, { package: String(week.id), price: '100' });
    expect(stale.status).toBe(409);

    const pay = await b.post(`${path}/renew`, { package: String(week.id), price: '2500' });
    expect(pay.status).toBe(200);
    expect(pay.csp).toContain(new URL(server.stripe!.jsUrl).origin);
    expect(pay.html).toContain('data-return-path="renewed"');
    const intentId = intentOf(pay.html);
    const pending = (
      await db().select().from(paymentTransactions).where(eq(paymentTransactions.stripePaymentIntentId, intentId))
    )[0]!;
    expect(pending).toMatchObject({ kind: 'renewal', status: 'pending', amount: 2500, paymentAccountId: account!.id, mac: null });

    await confirm(s, intentId);
    const back = await b.get(`${path}/renewed?payment_intent=${intentId}`);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`${path}?n=renewed`);
    const [renewed] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.id, account!.id));
    expect(renewed!.expiresAt!.getTime() - account!.expiresAt!.getTime()).toBe(7 * 86_400_000);
    const paid = await db()
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.paymentAccountId, account!.id), eq(paymentTransactions.status, 'succeeded')));
    expect(paid.map((t) => t.kind).sort()).toEqual(['purchase', 'renewal']);
    const page = textOf((await b.get(back.location!)).html);
    expect(page).toContain('Gracias: tu cuenta está activa hasta el');
    expect(page).toMatch(/Week · 25,00 US\$ · Pagado/);
    // The device kept its place: the renewal does not touch the devices.
    expect(page).toContain(guest.mac);

    // Another guest's payment at the same site is not this guest's to read.
    const { guest: zoe } = await arriveFromUnifi(server, s);
    await buy(s, zoe, p.id, 1000, 'zoe@example.com');
    const [zoes] = await db().select().from(paymentAccounts).where(eq(paymentAccounts.email, 'zoe@example.com'));
    const [zoePaid] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.paymentAccountId, zoes!.id));
    expect((await b.get(`${path}/invoice/${zoePaid!.id}`)).status).toBe(404);
    expect((await b.post(`${path}/disconnect`, { mac: zoe.mac })).status).toBe(404);
  });

  it('limits wrong passwords per address', async () => {
    const s = await connectedPaymentSite(server);
    sites.push(s);
    const path = `/guest/${s.portalKey}/account`;
    const b = browser();
    for (let i = 0; i < 10; i++)
      expect((await b.post(`${path}/signin`, { email: 'x@example.com', password: 'wrong-pass' })).status).toBe(401);
    const blocked = await b.post(`${path}/signin`, { email: 'x@example.com', password: 'wrong-pass' });
    expect(blocked.status).toBe(429);
    expect(textOf(blocked.html)).toContain('Too many');
  });
});
