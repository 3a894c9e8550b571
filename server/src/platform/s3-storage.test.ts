import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createSite, registerAccount, startServer, type TestServer } from '../../test/harness.ts';
import { startS3Fake, type S3Fake } from '../../test/fakes/s3.ts';
import { s3BucketOf } from './s3-bucket.ts';
import { createS3Storage } from './s3-storage.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const upload = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
  return form;
};

let s3: S3Fake;
let server: TestServer;
beforeAll(async () => {
  s3 = await startS3Fake();
  server = await startServer(s3.env());
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const settingsOf = (fake: S3Fake, over: { secretAccessKey?: string } = {}) => ({
  endpoint: fake.url,
  bucket: fake.bucket,
  accessKeyId: fake.accessKeyId,
  secretAccessKey: over.secretAccessKey ?? fake.secretAccessKey,
  region: fake.region,
  forcePathStyle: true,
});

describe('uploads in an S3-compatible bucket', () => {
  it('puts, reads and removes a folder through the S3 API, signed with the configured key', async () => {
    const storage = createS3Storage(s3BucketOf(settingsOf(s3)), '/uploads');
    const a = await storage.put('accounts/7/sites/70/splash', 'png', PNG);
    const b = await storage.put('accounts/7/sites/70/vouchers', 'png', Buffer.from('second'));
    const kept = await storage.put('accounts/7/sites/71/splash', 'png', Buffer.from('other site'));
    expect(a.url).toBe(`/uploads/${a.key}`);
    expect(a.key).toMatch(/^accounts\/7\/sites\/70\/splash\/[\w-]+\.png$/);
    expect(s3.objects.get(a.key)).toMatchObject({ body: PNG, contentType: 'image/png' });

    expect(await storage.read(a.url)).toEqual(PNG);
    expect(await storage.read('/uploads/accounts/7/sites/70/splash/missing.png')).toBeNull();
    expect(await storage.read('/elsewhere/file.png')).toBeNull();
    expect(await storage.read('/uploads/accounts/../../secret')).toBeNull();

    await storage.removeFolder('accounts/7/sites/70');
    expect([...s3.objects.keys()].filter((k) => k.startsWith('accounts/7/'))).toEqual([kept.key]);
    expect(await storage.read(b.url)).toBeNull();
    await expect(storage.removeFolder('')).rejects.toThrow(/not an uploads folder/);
    await expect(storage.removeFolder('accounts/../')).rejects.toThrow(/not an uploads folder/);
    expect(s3.refused).toEqual([]);
  });

  it('is refused by the bucket with another secret key (SignatureDoesNotMatch), and stores nothing', async () => {
    const before = s3.objects.size;
    const wrong = createS3Storage(s3BucketOf(settingsOf(s3, { secretAccessKey: 'not-the-secret-of-this-bucket' })), '/uploads');
    await expect(wrong.put('accounts/8/branding', 'png', PNG)).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    expect(s3.objects.size).toBe(before);
    expect(s3.refused.at(-1)).toMatchObject({ code: 'SignatureDoesNotMatch', method: 'PUT' });
  });

  it('serves a splash image uploaded through the API at the same /uploads address, from the bucket, and removes it with its site', async () => {
    const { client } = await registerAccount(server);
    const site = (await createSite(client, { name: 'Bucket Street' })) as { id: number };
    const stored = await client.request('POST', `/s/${site.id}/api/v1/splashpage/landingfile`, upload());
    expect(stored.status).toBe(200);
    const link = stored.body.filelink as string;
    expect(link).toMatch(new RegExp(`^/uploads/accounts/\\d+/sites/${site.id}/splash/[\\w-]+\\.png$`));
    expect(s3.objects.get(link.slice('/uploads/'.length))?.body).toEqual(PNG);
    // Nothing is written to the local uploads folder.
    const local = path.join(server.config.dataDir, 'uploads');
    expect(existsSync(local) ? readdirSync(local) : []).toEqual([]);

    const served = await fetch(server.url + link);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect((await fetch(`${server.url}/uploads/accounts/1/none.png`)).status).toBe(404);

    expect((await client.del(`/s/api/v1/site/${site.id}`)).status).toBe(200);
    expect([...s3.objects.keys()].filter((k) => k.includes(`/sites/${site.id}/`))).toEqual([]);
    expect((await fetch(server.url + link)).status).toBe(404);
  });
});
