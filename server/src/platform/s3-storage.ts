import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { randomToken } from './crypto.ts';
import type { Storage } from './storage.ts';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
/** ListObjectsV2 and DeleteObjects take at most this many keys a call. */
const KEYS_PER_CALL = 1000;

/**
 * Uploads in an S3-compatible bucket, so every node reads what any node stored. Files keep the same
 * addresses as on disk (`/uploads/<key>`), served by our own route that reads them from the bucket:
 * browsers see no difference and the bucket needs no public access.
 */
export function createS3Storage(s3: S3Settings, publicBase: string): Storage {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where the API asks for them: several S3-compatible stores refuse the optional ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;

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
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken: token, MaxKeys: KEYS_PER_CALL }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length) {
          const done = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
          if (done.Errors?.length) throw new Error(`S3 kept ${done.Errors.length} files of ${folder}: ${done.Errors[0]!.Code}`);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async read(url) {
      if (!url.startsWith(`${publicBase}/`)) return null;
      const key = url.slice(publicBase.length + 1);
      if (key.split('/').some((part) => part === '' || part === '..' || part === '.')) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
  };
}

export const contentTypeOfUpload = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
