import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { engine, startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, textOf, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import { guestSessions, voucherActivationCounts, voucherDevices, voucherSessions, vouchers } from '../../db/schema/index.ts';
import { createBatch } from '../../../test/fixtures/vouchers.ts';

let server: TestServer;
let s: PortalSite;
beforeAll(async () => {
  // Billing on (a secret key; nothing here calls Stripe): activations are counted against the plan.
  server = await startServer({ STRIPE_SECRET_KEY: 'sk_test_limits' });
  s = await unifiPortalSite(server, ['voucher']);
});
afterAll(async () => {
  await s?.unifi.close();
  await server?.close();
});

const DEVICES = 200;

describe(`the last seat of a voucher (${engine})`, () => {
  it('goes to exactly one of 200 devices redeeming it at the same moment', async () => {
    const { codes, ids } = await createBatch(server, s.owner, `${s.api}/voucher`, { count: 1, num_devices: 1 });
    const guests = [];
    for (let i = 0; i < DEVICES; i += 20)
      guests.push(...(await Promise.all(Array.from({ length: Math.min(20, DEVICES - i) }, () => arriveFromUnifi(server, s)))));
    expect(new Set(guests.map((g) => g.guest.mac)).size).toBe(DEVICES);

    const pages = await Promise.all(guests.map(({ guest }) => guest.post('voucher', { voucher: codes[0]! })));
    const statuses = pages.map((p) => p.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(DEVICES - 1);
    const winner = guests[statuses.indexOf(200)]!.guest.mac;
    expect(textOf(pages[statuses.indexOf(200)]!.html)).toContain('You are connected');

    const devices = await server.handle.db.select().from(voucherDevices).where(eq(voucherDevices.voucherId, ids[0]!));
    expect(devices.map((d) => d.mac)).toEqual([winner]);
    const sessions = await server.handle.db
      .select()
      .from(guestSessions)
      .where(
        inArray(
          guestSessions.mac,
          guests.map((g) => g.guest.mac),
        ),
      );
    expect(sessions.map((x) => x.mac)).toEqual([winner]);
    expect(await server.handle.db.select().from(voucherSessions).where(eq(voucherSessions.voucherId, ids[0]!))).toHaveLength(1);
    expect(s.unifi.commands.map((c) => c.body.mac)).toEqual([winner]);
    // Activated once, counted once against the plan.
    const [v] = await server.handle.db.select().from(vouchers).where(eq(vouchers.id, ids[0]!));
    const [counted] = await server.handle.db
      .select()
      .from(voucherActivationCounts)
      .where(eq(voucherActivationCounts.accountId, v!.accountId));
    expect(counted!.activated).toBe(1);
    // 200 arrivals and 200 logins: about 10 s alone, three times that on a busy machine.
  }, 90_000);
});
