import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentPackages, sites } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { signedInClient } from '../../../../test/clients.ts';

let server: TestServer;
const log: string[] = [];
beforeAll(async () => {
  server = await startServer(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void log.push(line) }, console: { write: () => {} } },
  );
});
afterAll(() => server?.close());

const db = () => server.handle.db;
const rowOf = async (id: number) => (await db().select().from(paymentPackages).where(eq(paymentPackages.id, id)))[0];

async function operator(currency = 'EUR') {
  const owner = await registerAccount(server, { plan_type: 'engage' });
  const site = await createSite(owner.client, { name: 'Harbour Café', currency, auth_methods: ['payment'] });
  const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
  return {
    client: owner.client,
    siteId: site.id as number,
    accountId: row!.accountId,
    api: `/s/${site.id}/api/v1/paymentloginconfig`,
  };
}

const dayPass = {
  name: 'Day pass',
  description: 'All day, two devices',
  price: 499,
  duration_type: 'days',
  duration_val: 1,
  num_devices: 2,
};
const create = (client: TestClient, api: string, over: Record<string, unknown> = {}) =>
  client.post(`${api}/packages`, { ...dayPass, ...over });
const names = (list: { packages: { name: string }[] }) => list.packages.map((p) => p.name);

/** A paid (succeeded) purchase of the package, as the checkout writes it through the ledger. */
async function sell(siteId: number, accountId: number, packageId: number, status = 'succeeded') {
  return server.built.ctx.payments.ledger.insertTransaction({
    accountId,
    siteId,
    packageId,
    packageName: 'Day pass',
    terms: { duration_type: 'days', duration_val: 1, bytes_t: 0, bytes_type: 'MB', speed_ul: 0, speed_dl: 0, num_devices: 2 },
    kind: 'purchase',
    status,
    amount: 499,
    currency: 'EUR',
    numDevices: 2,
    paidAt: status === 'succeeded' ? new Date() : null,
  });
}

describe('creating and listing packages', () => {
  it('creates paid and trial packages in the site’s currency, listed by their order', async () => {
    const { client, api } = await operator('EUR');
    const paid = await create(client, api);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      ...dayPass,
      currency: 'EUR',
      bytes_t: 0,
      bytes_type: 'MB',
      speed_ul: 0,
      speed_dl: 0,
      recurring: false,
      is_trial: false,
      status: 'active',
      display_order: 1,
      transactions_count: 0,
    });
    const trial = await create(client, api, {
      name: 'Free 30 minutes',
      price: 0,
      is_trial: true,
      duration_type: 'minutes',
      duration_val: 30,
      recurring: true,
    });
    expect(trial.status, JSON.stringify(trial.body)).toBe(200);
    // A free trial is never charged again.
    expect(trial.body).toMatchObject({ is_trial: true, price: 0, recurring: false, display_order: 2 });
    const monthly = await create(client, api, {
      name: 'Monthly',
      price: 1999,
      duration_type: 'days',
      duration_val: 30,
      recurring: true,
    });
    expect(monthly.body).toMatchObject({ recurring: true, display_order: 3 });

    const list = await client.get(`${api}/packages`);
    expect(list.status).toBe(200);
    expect(names(list.body)).toEqual(['Day pass', 'Free 30 minutes', 'Monthly']);
    expect(list.body.can_write).toBe(true);
    expect((await client.get(`${api}/package/${paid.body.id}`)).body).toEqual(paid.body);
    expect((await client.get(`${api}/packages/archived`)).body.packages).toEqual([]);
  });

  it('refuses a trial with a price and a paid package below Stripe’s minimum charge, storing nothing', async () => {
    const gbp = await operator('GBP');
    const trial = await create(gbp.client, gbp.api, { price: 100, is_trial: true });
    expect(trial.status).toBe(422);
    expect(trial.body).toMatchObject({
      code: 'payments.trialPrice',
      schema_errors: { price: ['A trial package is free: its price must be 0'] },
    });
    const cheap = await create(gbp.client, gbp.api, { price: 29 });
    expect(cheap.status).toBe(422);
    expect(cheap.body).toMatchObject({
      code: 'payments.priceTooLow',
      message: 'The price must be at least 0.30 (Stripe’s minimum charge in GBP)',
      params: { min: '0.30', currency: 'GBP' },
    });
    expect(cheap.body.schema_errors.price).toHaveLength(1);
    const free = await create(gbp.client, gbp.api, { price: 0 });
    expect(free.body.code).toBe('payments.priceTooLow');
    expect((await gbp.client.get(`${gbp.api}/packages`)).body.packages).toEqual([]);
    expect((await create(gbp.client, gbp.api, { price: 30 })).status).toBe(200);

    const jpy = await operator('JPY');
    const yen = await create(jpy.client, jpy.api, { price: 49 });
    expect(yen.body).toMatchObject({ code: 'payments.priceTooLow', params: { min: '50', currency: 'JPY' } });
    expect((await create(jpy.client, jpy.api, { price: 500 })).body).toMatchObject({ price: 500, currency: 'JPY' });
  });

  it('checks every field, naming each wrong one', async () => {
    const { client, api } = await operator();
    const res = await client.post(`${api}/packages`, { name: '', price: 1.5, duration_type: 'weeks', duration_val: 0 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.schema_errors).sort()).toEqual(['duration_type', 'duration_val', 'name', 'price']);
    expect((await client.get(`${api}/packages`)).body.packages).toEqual([]);
  });
});

describe('editing, archiving, ordering and deleting', () => {
  it('changes any subset of the fields; archiving moves a package to the archived list and restoring puts it last', async () => {
    const { client, api } = await operator();
    const a = (await create(client, api, { name: 'A' })).body;
    const b = (await create(client, api, { name: 'B' })).body;
    await create(client, api, { name: 'C' });
    const edit = await client.put(`${api}/package/${a.id}`, { price: 599, speed_dl: 10240, description: 'Faster' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body).toMatchObject({ name: 'A', price: 599, speed_dl: 10240, description: 'Faster', num_devices: 2 });
    expect((await rowOf(a.id))!.price).toBe(599);

    expect((await client.put(`${api}/package/${a.id}`, { status: 'archived' })).body.status).toBe('archived');
    expect(names((await client.get(`${api}/packages`)).body)).toEqual(['B', 'C']);
    expect(names((await client.get(`${api}/packages/archived`)).body)).toEqual(['A']);
    const restored = await client.put(`${api}/package/${a.id}`, { status: 'active' });
    expect(restored.body.status).toBe('active');
    expect(names((await client.get(`${api}/packages`)).body)).toEqual(['B', 'C', 'A']);

    const low = await client.put(`${api}/package/${b.id}`, { price: 10 });
    expect(low.body.code).toBe('payments.priceTooLow');
    expect((await rowOf(b.id))!.price).toBe(499);
    // The id is left out of the body (the path names the package); unknown fields are refused.
    expect((await client.put(`${api}/package/${b.id}`, { id: b.id, name: 'B2' })).status).toBe(422);
    expect((await client.put(`${api}/package/${b.id}`, { status: 'deleted' })).status).toBe(422);
  });

  it('reorders the active packages when given each of them once, else changes nothing', async () => {
    const { client, api } = await operator();
    const ids = [];
    for (const name of ['A', 'B', 'C']) ids.push((await create(client, api, { name })).body.id as number);
    const archived = (await create(client, api, { name: 'Old' })).body.id as number;
    await client.put(`${api}/package/${archived}`, { status: 'archived' });

    const ordered = await client.post(`${api}/packages/order`, { display_order: [ids[2], ids[0], ids[1]] });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    expect(names(ordered.body)).toEqual(['C', 'A', 'B']);
    expect(ordered.body.packages.map((p: { display_order: number }) => p.display_order)).toEqual([1, 2, 3]);
    expect(names((await client.get(`${api}/packages`)).body)).toEqual(['C', 'A', 'B']);

    const other = await operator();
    const foreign = (await create(other.client, other.api)).body.id as number;
    for (const display_order of [
      [ids[0], ids[1]],
      [ids[0], ids[1], ids[2], ids[2]],
      [ids[0], ids[1], archived],
      [ids[0], ids[1], foreign],
    ]) {
      const res = await client.post(`${api}/packages/order`, { display_order });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'payments.orderMismatch',
        schema_errors: { display_order: ['The order must list every active package of this site exactly once'] },
      });
    }
    expect(names((await client.get(`${api}/packages`)).body)).toEqual(['C', 'A', 'B']);
    expect(names((await other.client.get(`${other.api}/packages`)).body)).toEqual(['Day pass']);
  });

  it('deletes softly: hidden from both lists and reads, kept for the transactions that name it', async () => {
    const { client, api, siteId, accountId } = await operator();
    const pkg = (await create(client, api)).body;
    const sold = await sell(siteId, accountId, pkg.id);
    const res = await client.del(`${api}/package/${pkg.id}`);
    expect(res.status).toBe(200);
    expect((await client.get(`${api}/packages`)).body.packages).toEqual([]);
    expect((await client.get(`${api}/packages/archived`)).body.packages).toEqual([]);
    expect((await client.get(`${api}/package/${pkg.id}`)).body.code).toBe('payments.packageNotFound');
    expect((await client.put(`${api}/package/${pkg.id}`, { name: 'Back' })).status).toBe(404);
    expect((await client.del(`${api}/package/${pkg.id}`)).status).toBe(404);
    expect((await rowOf(pkg.id))!.status).toBe('deleted');
    const tx = await server.built.ctx.payments.ledger.transactionById(sold.id, siteId);
    expect(tx!.packageId).toBe(pkg.id);
  });
});

describe('a package guests bought', () => {
  it('keeps its price, terms and recurring flag; its name, description and status still change', async () => {
    const { client, api, siteId, accountId } = await operator();
    const pkg = (await create(client, api)).body;
    // Unfinished and refused payments sell nothing.
    await sell(siteId, accountId, pkg.id, 'pending');
    await sell(siteId, accountId, pkg.id, 'failed');
    expect((await client.put(`${api}/package/${pkg.id}`, { price: 549 })).body.price).toBe(549);
    await client.put(`${api}/package/${pkg.id}`, { price: 499 });
    await sell(siteId, accountId, pkg.id);
    await sell(siteId, accountId, pkg.id);
    expect((await client.get(`${api}/package/${pkg.id}`)).body.transactions_count).toBe(2);

    for (const change of [
      { price: 599 },
      { duration_val: 2 },
      { num_devices: 3 },
      { speed_ul: 1 },
      { bytes_type: 'GB' },
      { recurring: true },
    ]) {
      const res = await client.put(`${api}/package/${pkg.id}`, { name: 'Renamed', ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body).toMatchObject({
        code: 'payments.packageSold',
        message:
          'Guests have bought this package: its price, duration and limits can no longer change. Archive it and create a new one.',
      });
    }
    expect(await rowOf(pkg.id)).toMatchObject({ name: 'Day pass', price: 499, durationVal: 1, numDevices: 2, recurring: false });

    // The whole form sent back with the same price and terms is no change of them.
    const same = await client.put(`${api}/package/${pkg.id}`, { ...dayPass, name: 'Day pass (2023)', description: 'Old' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ name: 'Day pass (2023)', description: 'Old', price: 499, transactions_count: 2 });
    expect((await client.put(`${api}/package/${pkg.id}`, { status: 'archived' })).body.status).toBe('archived');
  });
});

describe('who may see and change packages', () => {
  it('answers another account’s site and package as not found, and a client (read or write) as forbidden', async () => {
    const mine = await operator();
    const theirs = await operator();
    const pkg = (await create(theirs.client, theirs.api)).body;

    const site = await mine.client.get(`${theirs.api}/packages`);
    expect(site.status).toBe(404);
    expect(site.body.code).toBe('common.siteNotFound');
    expect((await mine.client.post(`${theirs.api}/packages`, dayPass)).status).toBe(404);
    const other = await mine.client.get(`${mine.api}/package/${pkg.id}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('payments.packageNotFound');
    expect((await mine.client.put(`${mine.api}/package/${pkg.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await mine.client.del(`${mine.api}/package/${pkg.id}`)).status).toBe(404);
    expect((await rowOf(pkg.id))!).toMatchObject({ name: 'Day pass', status: 'active' });

    const own = (await create(mine.client, mine.api)).body;
    for (const level of ['read', 'write'] as const) {
      const { client } = await signedInClient(server, mine.accountId, [
        { siteId: mine.siteId, area: 'settings', level },
        { siteId: mine.siteId, area: 'landing_page', level },
      ]);
      expect((await client.get(`${mine.api}/packages`)).status).toBe(403);
      expect((await client.get(`${mine.api}/package/${own.id}`)).status).toBe(403);
      expect((await client.post(`${mine.api}/packages`, dayPass)).status).toBe(403);
      expect((await client.put(`${mine.api}/package/${own.id}`, { name: 'Client' })).status).toBe(403);
      expect((await client.del(`${mine.api}/package/${own.id}`)).status).toBe(403);
    }
    expect((await rowOf(own.id))!).toMatchObject({ name: 'Day pass', status: 'active' });
  });

  it('answers ‘Failed to load packages’ when the list cannot be read, with the request id in the log', async () => {
    const { client, api } = await operator();
    await create(client, api);
    await server.handle.executeSql('alter table payment_packages rename to payment_packages_away');
    try {
      const res = await client.get(`${api}/packages`);
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ status: 500, code: 'payments.failedToLoadPackages', message: 'Failed to load packages' });
      const line = log.map((l) => JSON.parse(l)).find((l) => l.msg === 'packages: the list failed');
      expect(line).toBeDefined();
      expect(line.reqId).toEqual(expect.any(String));
      expect(log.some((l) => l.includes(line.reqId) && l.includes('"statusCode":500'))).toBe(true);
    } finally {
      await server.handle.executeSql('alter table payment_packages_away rename to payment_packages');
    }
    expect((await client.get(`${api}/packages`)).status).toBe(200);
  });
});
