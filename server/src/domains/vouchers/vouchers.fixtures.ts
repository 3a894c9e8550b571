import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { createSite, registerAccount, type TestClient, type TestServer } from '../../../test/harness.ts';
import { FakeUnifiController } from '../../../test/fakes/unifi-controller.ts';
import { controllerSettings, sites, users, vouchers } from '../../db/schema/index.ts';

/** An account owner with one site, and the paths of both voucher kinds there. */
export async function ownerWithSite(server: TestServer, over: Record<string, unknown> = {}) {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client, { auth_methods: ['voucher', 'multisitevoucher'], ...over });
  const [u] = await server.handle.db.select().from(users).where(eq(users.email, owner.email));
  return {
    ...owner,
    site,
    accountId: u!.accountId,
    api: `/s/${site.id}/api/v1`,
    voucher: `/s/${site.id}/api/v1/voucher`,
    multi: `/s/${site.id}/api/v1/multisite_voucher`,
  };
}

export const batchInput = (over: Record<string, unknown> = {}) => ({
  count: 3,
  duration_value: 1,
  duration_type: 'days',
  num_devices: 1,
  ...over,
});

/** Creates a batch through the API and answers it with its vouchers' plain codes (from the database). */
export async function createBatch(server: TestServer, client: TestClient, base: string, over: Record<string, unknown> = {}) {
  const res = await client.post(`${base}/`, batchInput(over));
  if (res.status !== 200) throw new Error(`batch create failed: ${res.status} ${JSON.stringify(res.body)}`);
  const rows = await server.handle.db.select().from(vouchers).where(eq(vouchers.batchId, res.body.id)).orderBy(vouchers.id);
  return { batch: res.body, codes: rows.map((r) => r.code), ids: rows.map((r) => r.id) };
}

/** A second UniFi site of the same account, with its own fake controller. */
export async function addUnifiSite(server: TestServer, owner: TestClient, authMethods: string[], name = 'Second Street') {
  const unifiSite = `site${Math.random().toString(36).slice(2, 8)}`;
  const unifi = await new FakeUnifiController({ mode: 'classic', sites: [unifiSite] }).start();
  const site = await createSite(owner, { name, auth_methods: authMethods, router_type: 'unifi' });
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
  await server.handle.db.insert(controllerSettings).values({
    siteId: site.id,
    accountId: row!.accountId,
    family: 'unifi',
    config: { url: unifi.url, username: 'admin', site: unifiSite, skipTlsVerify: true, mode: 'auto' },
    secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'secret-pass' })),
    lookupKey: unifiSite,
    status: 'Online',
  });
  return { owner, siteId: site.id, portalKey: row!.portalKey, api: `/s/${site.id}/api/v1`, unifi, unifiSite };
}

/** A PDF read as its objects: enough to find pages, images and the text drawn, without a PDF library. */
export function readPdf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const objects: { id: number; dict: string; stream: Buffer | null }[] = [];
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const id = Number(m[1]);
    const body = m[2]!;
    const at = body.indexOf('stream');
    if (at === -1) {
      objects.push({ id, dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const afterKeyword = m.index + m[0].indexOf('stream') + 'stream'.length;
    const start = afterKeyword + (text[afterKeyword] === '\r' ? 2 : 1);
    const raw = pdf.subarray(start, start + Number(/\/Length (\d+)/.exec(dict)![1]));
    objects.push({ id, dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return {
    objects,
    pages: objects.filter((o) => /\/Type \/Page\b/.test(o.dict)),
    images: objects.filter((o) => o.dict.includes('/Subtype /Image')),
    /** Every content stream, as text. */
    content: objects
      .filter((o) => o.stream && !o.dict.includes('/Subtype /Image'))
      .map((o) => o.stream!.toString('latin1'))
      .join('\n'),
  };
}

/** The strings drawn (a TJ's pieces joined, kerning dropped; or a plain Tj), in a standard font's Windows-1252. */
export const pdfTexts = (content: string) =>
  [...content.matchAll(/\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj/g)].map((m) =>
    m[1] !== undefined
      ? [...m[1].matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('')
      : Buffer.from(m[2]!, 'hex').toString('latin1'),
  );

/** A 1-bit image (0 = dark) of square tiles stacked top to bottom, read back as each tile's dark modules, quiet zone cut off. */
export function qrTiles(image: { dict: string; stream: Buffer | null }, quiet = 4): boolean[][][] {
  const side = Number(/\/Width (\d+)/.exec(image.dict)![1]);
  const height = Number(/\/Height (\d+)/.exec(image.dict)![1]);
  const rowBytes = Math.ceil(side / 8);
  const dark = (r: number, c: number) => ((image.stream![r * rowBytes + (c >> 3)]! >> (7 - (c & 7))) & 1) === 0;
  const tiles: boolean[][][] = [];
  for (let top = 0; top < height; top += side) {
    const rows: boolean[][] = [];
    for (let r = quiet; r < side - quiet; r++) {
      const row: boolean[] = [];
      for (let c = quiet; c < side - quiet; c++) row.push(dark(top + r, c));
      rows.push(row);
    }
    tiles.push(rows);
  }
  return tiles;
}
