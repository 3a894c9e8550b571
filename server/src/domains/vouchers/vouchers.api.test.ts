import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { VOUCHER_CODE_ALPHABET, formatVoucherCode } from '@splashboard/contract';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { voucherBatchSites, voucherBatches, vouchers } from '../../db/schema/index.ts';
import { batchInput, createBatch, ownerWithSite } from '../../../test/fixtures/vouchers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const batchCount = async (accountId: number) =>
  (await server.handle.db.select({ n: count() }).from(voucherBatches).where(eq(voucherBatches.accountId, accountId)))[0]!.n;

describe('creating a batch', () => {
  it('makes the vouchers with unguessable, unambiguous codes and answers the batch', async () => {
    const o = await ownerWithSite(server);
    const res = await o.client.post(`${o.voucher}/`, {
      batch_id: '0420',
      count: 25,
      duration_value: 3,
      duration_type: 'hours',
      num_devices: 2,
      speed_ul: 512,
      speed_dl: 2048,
      data_limit: 500,
      notes: 'Lobby desk',
      valid_until: '2099-12-31',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      batch_id: '0420',
      kind: 'voucher',
      count: 25,
      duration_value: 3,
      duration_type: 'hours',
      duration_minutes: 180,
      num_devices: 2,
      speed_ul: 512,
      speed_dl: 2048,
      data_limit: 500,
      notes: 'Lobby desk',
      sites: [{ id: o.site.id, name: 'Main Street' }],
      unused: 25,
      inuse: 0,
      expired: 0,
    });
    // A date means the end of that day at the site (UTC here).
    expect(res.body.valid_until).toBe('2099-12-31T23:59:59.999Z');
    const rows = await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, res.body.id));
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.code)).size).toBe(25);
    for (const r of rows) {
      expect(r.code).toMatch(/^[0-9A-Z]{12}$/);
      for (const c of r.code) expect(VOUCHER_CODE_ALPHABET).toContain(c);
      expect(r.code).not.toMatch(/[ILOU]/);
      expect(r.activatedAt).toBeNull();
    }
  });

  it('warns when the location’s splash page has no login for the batch’s vouchers, and makes them anyway', async () => {
    const o = await ownerWithSite(server, { auth_methods: ['email', 'voucher'] });
    const single = await o.client.post(`${o.voucher}/`, batchInput());
    expect([single.status, single.body.warnings]).toEqual([200, []]);
    const multi = await o.client.post(`${o.multi}/`, batchInput({ site_ids: [o.site.id] }));
    expect([multi.status, multi.body.warnings, multi.body.unused]).toEqual([200, ['voucher_login_off'], 3]);
    const put = await o.client.put(`/s/api/v1/site/${o.site.id}`, { auth_methods: ['email'] });
    expect(put.status).toBe(200);
    const off = await o.client.post(`${o.voucher}/`, batchInput());
    expect([off.status, off.body.warnings]).toEqual([200, ['voucher_login_off']]);
  });

  it('picks a free Batch Id when none is given, and refuses one already used at the site', async () => {
    const o = await ownerWithSite(server);
    const auto = await o.client.post(`${o.voucher}/`, batchInput());
    expect(auto.status).toBe(200);
    expect(auto.body.batch_id).toMatch(/^\d{4}$/);
    const again = await o.client.post(`${o.voucher}/`, batchInput({ batch_id: auto.body.batch_id }));
    expect(again.status).toBe(422);
    // The answer names the form's problem; the field says which (a field's message is its catalogue's text).
    expect(again.body).toEqual({
      status: 422,
      message: 'Please correct the highlighted fields',
      schema_errors: { batch_id: ['This Batch Id is already used: choose another'] },
      code: 'common.validation',
    });
    // Another site of the account has its own Batch Ids.
    const other = await createSite(o.client, { name: 'Harbour', auth_methods: ['voucher'] });
    expect((await o.client.post(`/s/${other.id}/api/v1/voucher/`, batchInput({ batch_id: auto.body.batch_id }))).status).toBe(
      200,
    );
    expect(await batchCount(o.accountId)).toBe(2);
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const o = await ownerWithSite(server);
    const bad = await o.client.post(`${o.voucher}/`, {
      batch_id: '12a4',
      count: 0,
      duration_value: 1.5,
      duration_type: 'weeks',
      num_devices: 0,
      speed_ul: -1,
      data_limit: 'lots',
      notes: 'x'.repeat(501),
      valid_until: 'tomorrow',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual([
      'batch_id',
      'count',
      'data_limit',
      'duration_type',
      'duration_value',
      'notes',
      'num_devices',
      'speed_ul',
      'valid_until',
    ]);
    expect(bad.body.schema_errors.batch_id).toEqual(['Batch Id must be a four-digit number']);
    const unknown = await o.client.post(`${o.voucher}/`, batchInput({ devices: 3 }));
    expect(unknown.body.schema_errors).toEqual({ devices: ['This field is not accepted here'] });
    const tooMany = await o.client.post(`${o.voucher}/`, batchInput({ count: 100_001 }));
    expect(tooMany.body.schema_errors).toEqual({ count: ['At most 100000'] });
    const tooLong = await o.client.post(`${o.voucher}/`, batchInput({ duration_value: 367, duration_type: 'days' }));
    expect(tooLong.body.schema_errors).toEqual({ duration_value: ['A voucher lasts at most 366 days'] });
    const past = await o.client.post(`${o.voucher}/`, batchInput({ valid_until: '2020-01-01' }));
    expect(past.body.schema_errors).toEqual({ valid_until: ['Choose a date in the future'] });
    // A single-site batch has no sites to pick.
    const sitesGiven = await o.client.post(`${o.voucher}/`, batchInput({ site_ids: [o.site.id] }));
    expect(sitesGiven.body.schema_errors).toEqual({ site_ids: ['This field is not accepted here'] });
    expect(await batchCount(o.accountId)).toBe(0);
  });

  it('makes a multi-site batch for the sites picked, only sites of the account', async () => {
    const o = await ownerWithSite(server);
    const second = await createSite(o.client, { name: 'Harbour', auth_methods: ['multisitevoucher'] });
    const third = await createSite(o.client, { name: 'Airport', auth_methods: ['voucher'] });
    const stranger = await ownerWithSite(server);

    const foreign = await o.client.post(`${o.multi}/`, batchInput({ site_ids: [second.id, stranger.site.id] }));
    expect(foreign.status).toBe(422);
    expect(foreign.body.schema_errors).toEqual({ site_ids: ['Choose sites of this account'] });
    expect((await o.client.post(`${o.multi}/`, batchInput())).body.schema_errors).toEqual({
      site_ids: ['This field is required'],
    });
    expect(await batchCount(o.accountId)).toBe(0);

    // The site in the address is always one of them.
    const res = await o.client.post(`${o.multi}/`, batchInput({ batch_id: '7000', site_ids: [second.id] }));
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('multisite_voucher');
    expect(res.body.sites.map((s: { name: string }) => s.name)).toEqual(['Harbour', 'Main Street']);
    const linked = await server.handle.db.select().from(voucherBatchSites).where(eq(voucherBatchSites.batchId, res.body.id));
    expect(linked.map((l) => l.siteId).sort()).toEqual([o.site.id, second.id].sort());

    // Listed at each of its sites, not at the others; not in the single-site lists.
    expect((await o.client.get(`/s/${second.id}/api/v1/multisite_voucher/batches`)).body.items).toHaveLength(1);
    expect((await o.client.get(`/s/${third.id}/api/v1/multisite_voucher/batches`)).body.items).toHaveLength(0);
    expect((await o.client.get(`/s/${third.id}/api/v1/multisite_voucher/batches/${res.body.id}`)).status).toBe(404);
    expect((await o.client.get(`${o.voucher}/batches`)).body.items).toHaveLength(0);
    // Multi-site Batch Ids are unique across the account.
    const clash = await o.client.post(`/s/${third.id}/api/v1/multisite_voucher/`, batchInput({ batch_id: '7000', site_ids: [] }));
    expect(clash.status).toBe(422);
  });
});

describe('lists', () => {
  it('lists unused, in use and expired vouchers with paging, search and sort', async () => {
    const o = await ownerWithSite(server);
    const { batch, codes, ids } = await createBatch(server, o.client, o.voucher, {
      count: 12,
      batch_id: '1111',
      notes: 'Pool bar',
    });
    await createBatch(server, o.client, o.voucher, { count: 3, batch_id: '2222', notes: 'Spa' });
    // Arranged as first logins would leave them: one in use, one whose time ran out.
    const db = server.handle.db;
    await db
      .update(vouchers)
      .set({ activatedAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(vouchers.id, ids[0]!));
    await db
      .update(vouchers)
      .set({ activatedAt: new Date(Date.now() - 7_200_000), expiresAt: new Date(Date.now() - 3_600_000) })
      .where(eq(vouchers.id, ids[1]!));

    const unused = await o.client.get(`${o.voucher}/unused?per_page=5&page=2`);
    expect(unused.status).toBe(200);
    expect(unused.body.metadata).toMatchObject({ page: 2, per_page: 5, total: 13, status: 'unused' });
    expect(unused.body.items).toHaveLength(5);
    expect(unused.body.can_write).toBe(true);
    expect(unused.body.metadata.usage).toMatchObject({
      plan_type: 'engage',
      limit: 2000,
      activated: 0,
      limit_reached: false,
      message: '',
    });

    const inuse = await o.client.get(`${o.voucher}/inuse`);
    expect(inuse.body.items.map((v: { id: number }) => v.id)).toEqual([ids[0]]);
    expect(inuse.body.items[0]).toMatchObject({
      code: formatVoucherCode(codes[0]!),
      status: 'inuse',
      batch: { id: batch.id, batch_id: '1111' },
      devices_used: 0,
      data_used_mb: 0,
      notes: 'Pool bar',
    });
    const expired = await o.client.get(`${o.voucher}/expired`);
    expect(expired.body.items.map((v: { id: number }) => v.id)).toEqual([ids[1]]);

    // Search: part of a code typed any way, a Batch Id, the notes.
    const part = codes[5]!.slice(2, 8);
    const typed = part.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    const byCode = await o.client.get(`${o.voucher}/unused?search=${encodeURIComponent(typed)}`);
    expect(byCode.body.items.map((v: { id: number }) => v.id)).toContain(ids[5]);
    expect((await o.client.get(`${o.voucher}/unused?search=2222`)).body.metadata.total).toBe(3);
    expect((await o.client.get(`${o.voucher}/unused?search=pool`)).body.metadata.total).toBe(10);
    expect((await o.client.get(`${o.voucher}/unused?search=${encodeURIComponent('%')}`)).body.metadata.total).toBe(0);
    expect((await o.client.get(`${o.voucher}/unused?batch=${batch.id}`)).body.metadata.total).toBe(10);

    const byCodeAsc = await o.client.get(`${o.voucher}/unused?sort_by=code&sort_on=asc&per_page=200`);
    const shown = byCodeAsc.body.items.map((v: { code: string }) => v.code);
    expect(shown).toEqual([...shown].sort());
    const byBatch = await o.client.get(`${o.voucher}/unused?sort_by=batch_id&sort_on=desc&per_page=1`);
    expect(byBatch.body.items[0].batch.batch_id).toBe('2222');

    const bad = await o.client.get(`${o.voucher}/unused?sort_by=password&sort_on=up&per_page=500`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual(['per_page', 'sort_by', 'sort_on']);

    const batches = await o.client.get(`${o.voucher}/batches`);
    expect(batches.body.metadata.total).toBe(2);
    const first = batches.body.items.find((b: { batch_id: string }) => b.batch_id === '1111');
    expect(first).toMatchObject({ count: 12, unused: 10, inuse: 1, expired: 1 });
    expect(
      (await o.client.get(`${o.voucher}/batches?search=22`)).body.items.map((b: { batch_id: string }) => b.batch_id),
    ).toEqual(['2222']);
  });

  it('shows a voucher with its devices, sessions and what is left', async () => {
    const o = await ownerWithSite(server);
    const { ids } = await createBatch(server, o.client, o.voucher, {
      count: 1,
      data_limit: 100,
      duration_value: 2,
      duration_type: 'hours',
    });
    const unused = await o.client.get(`${o.voucher}/${ids[0]}`);
    expect(unused.status).toBe(200);
    expect(unused.body).toMatchObject({
      status: 'unused',
      used_minutes: 0,
      minutes_left: 120,
      data_left_mb: 100,
      devices: [],
      sessions: [],
      can_write: true,
    });
  });
});

describe('deleting', () => {
  it('deletes one voucher (the lists’ rows) or a whole batch', async () => {
    const o = await ownerWithSite(server);
    const { batch, ids } = await createBatch(server, o.client, o.voucher, { count: 3 });
    const del = await o.client.del(`${o.voucher}/${ids[0]}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ status: 200, message: 'Deleted' });
    expect((await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, batch.id))).map((v) => v.id)).toEqual(
      ids.slice(1),
    );
    expect((await o.client.get(`${o.voucher}/${ids[0]}`)).status).toBe(404);
    expect((await o.client.get(`${o.voucher}/batches/${batch.id}`)).body).toMatchObject({ count: 3, unused: 2 });

    expect((await o.client.del(`${o.voucher}/batches/${batch.id}`)).status).toBe(200);
    expect(await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, batch.id))).toEqual([]);
    expect((await o.client.get(`${o.voucher}/batches/${batch.id}`)).status).toBe(404);
  });

  it('deleting a site deletes its own batches; a multi-site batch goes on at its other sites', async () => {
    const o = await ownerWithSite(server);
    const second = await createSite(o.client, { name: 'Harbour', auth_methods: ['multisitevoucher'] });
    const single = await createBatch(server, o.client, o.voucher, { count: 1 });
    const multi = await createBatch(server, o.client, o.multi, { count: 1, site_ids: [second.id] });
    const other = await createBatch(server, o.client, `/s/${second.id}/api/v1/voucher`, { count: 1 });
    expect((await o.client.del(`/s/api/v1/site/${o.site.id}`)).status).toBe(200);
    expect(await server.handle.db.select().from(voucherBatches).where(eq(voucherBatches.id, single.batch.id))).toEqual([]);
    expect(await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, single.batch.id))).toEqual([]);
    expect((await o.client.get(`/s/${second.id}/api/v1/voucher/batches/${other.batch.id}`)).status).toBe(200);
    const left = await o.client.get(`/s/${second.id}/api/v1/multisite_voucher/batches/${multi.batch.id}`);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ sites: [{ id: second.id, name: 'Harbour' }], unused: 1 });
  });
});

describe('tenancy', () => {
  it('answers 404 for another account’s site, batch and voucher, and changes nothing', async () => {
    const a = await ownerWithSite(server);
    const b = await ownerWithSite(server);
    const { batch, ids } = await createBatch(server, a.client, a.voucher, { count: 2 });
    for (const path of [`${a.voucher}/unused`, `${a.voucher}/batches`, `${a.voucher}/${ids[0]}`, `${a.voucher}/voucherdesigner/`])
      expect((await b.client.get(path)).status, path).toBe(404);
    // Through the other account's own site: not found either.
    const voucher = await b.client.get(`${b.voucher}/${ids[0]}`);
    expect(voucher.status).toBe(404);
    expect(voucher.body).toMatchObject({ message: 'No such voucher', code: 'vouchers.voucherNotFound' });
    const theirBatch = await b.client.get(`${b.voucher}/batches/${batch.id}`);
    expect(theirBatch.status).toBe(404);
    expect(theirBatch.body).toMatchObject({ message: 'No such voucher batch', code: 'vouchers.batchNotFound' });
    expect((await b.client.del(`${b.voucher}/${ids[0]}`)).status).toBe(404);
    expect((await b.client.del(`${b.voucher}/batches/${batch.id}`)).status).toBe(404);
    expect((await b.client.get(`${b.voucher}/batches/${batch.id}/pdf`)).status).toBe(404);
    expect((await b.client.post(`${b.voucher}/${ids[0]}/disconnect/02:00:00:00:00:01`)).status).toBe(404);
    expect(await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, batch.id))).toHaveLength(2);
    // Site 0 (the control panel) has no vouchers.
    expect((await a.client.get('/s/0/api/v1/voucher/unused')).status).toBe(404);
  });

  it('keeps single-site and multi-site vouchers apart', async () => {
    const o = await ownerWithSite(server);
    const single = await createBatch(server, o.client, o.voucher, { count: 1 });
    expect((await o.client.get(`${o.multi}/${single.ids[0]}`)).status).toBe(404);
    expect((await o.client.get(`${o.multi}/unused`)).body.metadata.total).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/s/1/api/v1/voucher/unused')).status).toBe(401);
    const other = await registerAccount(server);
    expect((await other.client.post('/s/999999/api/v1/voucher/', batchInput())).status).toBe(404);
  });
});
