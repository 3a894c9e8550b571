import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { randomToken } from './crypto.ts';
import { EXPORTS_PREFIX, deleteObjects, isNoSuchKey, listObjects, type S3Bucket } from './s3-bucket.ts';
import type { Storage } from './storage.ts';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * Uploads in an S3-compatible bucket, so every node reads what any node stored. Files keep the same
 * addresses as on disk (`/uploads/<key>`), served by our own route that reads them from the bucket:
 * browsers see no difference and the bucket needs no public access.
 */
export function createS3Storage(bucket: S3Bucket, publicBase: string): Storage {
  const { client, name: Bucket } = bucket;

  return {
    async put(folder, extension, body) {
      const key = `${folder}/${randomToken(16)}.${extension}`;
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: CONTENT_TYPES[extension] }));
      return { key, url: `${publicBase}/${key}` };
    },
    async removeFolder(folder) {
      // Only ever a folder of uploads: never the whole bucket.
      if (!folder || folder.startsWith('/') || folder.split('/').some((part) => part === '' || part === '..'))
        throw new Error(`not an uploads folder: ${folder}`);
      for await (const page of listObjects(bucket, `${folder}/`))
        await deleteObjects(
          bucket,
          page.map((o) => o.key),
          folder,
        );
    },
    async read(url) {
      if (!url.startsWith(`${publicBase}/`)) return null;
      const key = url.slice(publicBase.length + 1);
      if (key.split('/').some((part) => part === '' || part === '..' || part === '.')) return null;
      // The guest downloads share the bucket: they are read only through their own route, which checks access.
      if (key.startsWith(EXPORTS_PREFIX)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (err) {
        if (isNoSuchKey(err)) return null;
        throw err;
      }
    },
  };
}

export const contentTypeOfUpload = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
