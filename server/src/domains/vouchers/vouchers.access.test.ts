import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createSite, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { voucherBatches, voucherDesigns, vouchers } from '../../db/schema/index.ts';
import { batchInput, createBatch, ownerWithSite } from '../../../test/fixtures/vouchers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000004000000040806000000a9f19e7e0000001a494441547801633c2127f79f01093031a001260634c0c480060084c6020b1df3375b0000000049454e44ae426082',
  'hex',
);
const logoForm = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
  return form;
};
const voucherCount = async (batchId: number) =>
  (await server.handle.db.select({ n: count() }).from(vouchers).where(eq(vouchers.batchId, batchId)))[0]!.n;

describe('a client with Read Only voucher access', () => {
  it('sees vouchers, batches, the design and the PDF, and cannot change anything', async () => {
    const o = await ownerWithSite(server);
    const { batch, ids } = await createBatch(server, o.client, o.voucher, { count: 2 });
    const multi = await createBatch(server, o.client, o.multi, { count: 1, site_ids: [] });
    const reader = (await signedInClient(server, o.accountId, [{ siteId: o.site.id, area: 'voucher_data', level: 'read' }]))
      .client;

    for (const base of [o.voucher, o.multi]) {
      const list = await reader.get(`${base}/unused`);
      expect(list.status).toBe(200);
      expect(list.body.can_write).toBe(false);
      expect((await reader.get(`${base}/batches`)).body.can_write).toBe(false);
    }
    expect((await reader.get(`${o.voucher}/${ids[0]}`)).body).toMatchObject({ id: ids[0], can_write: false });
    expect((await reader.get(`${o.voucher}/batches/${batch.id}`)).status).toBe(200);
    expect((await reader.get(`${o.voucher}/voucherdesigner/`)).status).toBe(200);
    expect((await reader.get(`${o.multi}/multisite_voucherdesigner/`)).status).toBe(200);
    expect((await reader.get(`${o.multi}/${multi.ids[0]}`)).body).toMatchObject({ id: multi.ids[0], can_write: false });
    expect((await reader.get(`${o.multi}/batches/${multi.batch.id}`)).status).toBe(200);
    const pdf = await fetch(`${server.url}${o.voucher}/batches/${batch.id}/pdf`, {
      headers: { cookie: [...reader.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(pdf.status).toBe(200);

    const writes = [
      reader.post(`${o.voucher}/`, batchInput()),
      reader.post(`${o.multi}/`, batchInput({ site_ids: [] })),
      reader.put(`${o.voucher}/voucherdesigner/`, { heading_text: 'Hacked' }),
      reader.post(`${o.voucher}/voucherdesigner/logo`, logoForm()),
      reader.del(`${o.voucher}/${ids[0]}`),
      reader.del(`${o.voucher}/batches/${batch.id}`),
      reader.del(`${o.multi}/batches/${multi.batch.id}`),
      reader.post(`${o.voucher}/${ids[0]}/disconnect/02:00:00:00:00:01`),
      reader.put(`${o.multi}/multisite_voucherdesigner/`, { heading_text: 'Hacked' }),
      reader.post(`${o.multi}/multisite_voucherdesigner/logo`, logoForm()),
      reader.del(`${o.multi}/${multi.ids[0]}`),
      reader.post(`${o.multi}/${multi.ids[0]}/disconnect/02:00:00:00:00:01`),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 403, message: 'You do not have permission to do this' });
    }
    expect(await voucherCount(batch.id)).toBe(2);
    expect(await voucherCount(multi.batch.id)).toBe(1);
    expect(
      (await server.handle.db.select({ n: count() }).from(voucherBatches).where(eq(voucherBatches.accountId, o.accountId)))[0]!.n,
    ).toBe(2);
    expect(await server.handle.db.select().from(voucherDesigns).where(eq(voucherDesigns.siteId, o.site.id))).toEqual([]);
  });

  it('without voucher access answers 403, and a site the client cannot see 404', async () => {
    const o = await ownerWithSite(server);
    const other = await createSite(o.client, { name: 'Harbour', auth_methods: ['voucher'] });
    const guestsOnly = (await signedInClient(server, o.accountId, [{ siteId: o.site.id, area: 'guest_data', level: 'write' }]))
      .client;
    expect((await guestsOnly.get(`${o.voucher}/unused`)).status).toBe(403);
    expect((await guestsOnly.get(`${o.multi}/batches`)).status).toBe(403);
    expect((await guestsOnly.get(`/s/${other.id}/api/v1/voucher/unused`)).status).toBe(404);
  });
});

describe('a client with Read/Write voucher access', () => {
  it('makes batches at its sites; a multi-site batch only over sites it may write at', async () => {
    const o = await ownerWithSite(server);
    const readOnlySite = await createSite(o.client, { name: 'Harbour', auth_methods: ['multisitevoucher'] });
    const hidden = await createSite(o.client, { name: 'Airport', auth_methods: ['multisitevoucher'] });
    const writer = (
      await signedInClient(server, o.accountId, [
        { siteId: o.site.id, area: 'voucher_data', level: 'write' },
        { siteId: readOnlySite.id, area: 'voucher_data', level: 'read' },
      ])
    ).client;
    expect((await writer.post(`${o.voucher}/`, batchInput())).status).toBe(200);
    expect((await writer.post(`${o.multi}/`, batchInput({ site_ids: [readOnlySite.id] }))).status).toBe(403);
    const unseen = await writer.post(`${o.multi}/`, batchInput({ site_ids: [hidden.id] }));
    expect(unseen.status).toBe(422);
    expect(unseen.body.schema_errors).toEqual({ site_ids: ['Choose sites of this account'] });

    // A batch the owner made over both sites: the writer may read it at either, change it at neither.
    const shared = await createBatch(server, o.client, o.multi, { count: 1, site_ids: [readOnlySite.id] });
    expect((await writer.get(`${o.multi}/batches/${shared.batch.id}`)).status).toBe(200);
    expect((await writer.del(`${o.multi}/batches/${shared.batch.id}`)).status).toBe(403);
    expect((await writer.del(`${o.multi}/${shared.ids[0]}`)).status).toBe(403);
    expect(await voucherCount(shared.batch.id)).toBe(1);
  });
});
