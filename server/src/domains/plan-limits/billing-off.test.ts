import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { engine, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import { createBatch } from '../../../test/fixtures/vouchers.ts';
import { accounts, planDeviceCounts, planDeviceUsage, sites, users, voucherActivationCounts } from '../../db/schema/index.ts';
import { billingPeriodOf } from '../../platform/subscription-status.ts';
import { periodKey } from '../vouchers/voucher-plan.ts';

// A self-hosted server without STRIPE_SECRET_KEY: billing is off, every account has the provider plan
// without limits, whatever plan it picked at sign-up and whatever its trial says.

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ STRIPE_SECRET_KEY: '' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const db = () => server.handle.db;

describe(`billing off (${engine})`, () => {
  it('gives a collect account the provider plan, still active after its trial’s end', async () => {
    const { client, email } = await registerAccount(server, { plan_type: 'collect' });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const [account] = await db().select().from(accounts).where(eq(accounts.id, user!.accountId));
    expect(account!.planType).toBe('collect');

    const profile = (await client.get('/a/api/v1/profile/')).body;
    expect(profile).toMatchObject({ isProvider: true, sub_active: true });
    expect(profile.permissions.branding).toBe(true);
    expect((await client.get('/a/api/v1/branding/logo')).status).toBe(200);
    expect((await client.put('/a/api/v1/branding/logo', { app_name: 'Casa Wi-Fi' })).status).toBe(200);
    expect((await client.get('/a/api/v1/brand')).body.logo.app_name).toBe('Casa Wi-Fi');

    await db()
      .update(accounts)
      .set({ trialEnd: new Date(Date.now() - 60_000) })
      .where(eq(accounts.id, account!.id));
    expect((await client.get('/a/api/v1/profile/')).body.sub_active).toBe(true);
    // Still changing things, as an active subscription may.
    expect((await client.put('/a/api/v1/branding/logo', { app_name: 'Casa Wi-Fi 2' })).status).toBe(200);
    expect(await server.built.ctx.planLimits.usage.usageOf(account!.id)).toBeNull();
  });

  it('refuses no login for a limit: nothing is counted, and the voucher lists show no limit', async () => {
    const s = await unifiPortalSite(server, ['voucher', 'clickthrough']);
    fakes.push(s);
    const [site] = await db().select().from(sites).where(eq(sites.id, s.siteId));
    const accountId = site!.accountId;
    await db().update(accounts).set({ planType: 'collect' }).where(eq(accounts.id, accountId));
    // Counts far past every plan's limits, as if left from a time billing was on.
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    const { start } = billingPeriodOf(account!);
    await db()
      .insert(voucherActivationCounts)
      .values({ accountId, month: periodKey(start), activated: 100_000 });
    await db().insert(planDeviceCounts).values({ accountId, periodStart: start, used: 100_000 });

    const { codes } = await createBatch(server, s.owner, `${s.api}/voucher`, { count: 2 });
    for (const code of codes) {
      const page = await (await arriveFromUnifi(server, s)).guest.post('voucher', { voucher: code });
      expect(page.status).toBe(200);
    }
    expect((await (await arriveFromUnifi(server, s)).guest.post('clickthrough', {})).status).toBe(200);
    expect(await db().select().from(planDeviceUsage).where(eq(planDeviceUsage.accountId, accountId))).toEqual([]);
    const [vouchersCounted] = await db()
      .select()
      .from(voucherActivationCounts)
      .where(eq(voucherActivationCounts.accountId, accountId));
    expect(vouchersCounted!.activated).toBe(100_000);
    expect((await s.owner.get(`${s.api}/voucher/inuse`)).body.metadata.usage).toBeNull();
  });
});
