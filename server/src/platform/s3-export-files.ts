import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { removeFilesOlderThan, type ExportFileRef, type ExportFiles } from './export-files.ts';
import { EXPORTS_PREFIX, deleteObjects, isNoSuchKey, listObjects, type S3Bucket } from './s3-bucket.ts';

/** Tries at putting a file: the SDK does not retry a streamed body itself (it cannot read it again). */
const PUT_ATTEMPTS = 3;
const PUT_RETRY_MS = 500;

/**
 * The downloads in the uploads' bucket, as `exports/sites/<siteId>/<id>.csv`, so that any node serves what
 * any worker wrote. Each is written to a part file in `partsDir` on the worker's own disk, then put with
 * one PutObject of the file as a stream with its length (S3 takes up to 5 GB so; a download of a million
 * guests is some hundreds of MB), and read back as a stream from GetObject.
 */
export function createS3ExportFiles(bucket: S3Bucket, partsDir: string): ExportFiles {
  const { client, name: Bucket } = bucket;
  const siteFolder = (siteId: number) => `${EXPORTS_PREFIX}sites/${siteId}/`;
  const keyOf = (ref: ExportFileRef) => `${siteFolder(ref.siteId)}${ref.id}.csv`;

  async function put(part: string, key: string) {
    const { size } = await stat(part);
    for (let attempt = 1; ; attempt++) {
      try {
        const Body = createReadStream(part);
        try {
          await client.send(
            new PutObjectCommand({ Bucket, Key: key, Body, ContentLength: size, ContentType: 'text/csv; charset=utf-8' }),
          );
          return;
        } finally {
          Body.destroy();
        }
      } catch (err) {
        if (attempt >= PUT_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, PUT_RETRY_MS * attempt));
      }
    }
  }

  return {
    async partFile(ref, attempt) {
      await mkdir(partsDir, { recursive: true });
      return path.join(partsDir, `${ref.id}.${attempt}.part`);
    },
    async keep(part, ref) {
      try {
        await put(part, keyOf(ref));
      } finally {
        await rm(part, { force: true });
      }
    },
    async open(ref) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(ref) }));
        // On Node the SDK answers the HTTP response itself, a stream.
        if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered ${keyOf(ref)} without a body to stream`);
        return answer.Body;
      } catch (err) {
        if (isNoSuchKey(err)) return null;
        throw err;
      }
    },
    async remove(refs) {
      await deleteObjects(bucket, refs.map(keyOf), 'old downloads');
    },
    async removeSite(siteId) {
      for await (const page of listObjects(bucket, siteFolder(siteId)))
        await deleteObjects(
          bucket,
          page.map((o) => o.key),
          `the downloads of site ${siteId}`,
        );
    },
    async sweep(cutoff) {
      let removed = await removeFilesOlderThan(partsDir, cutoff);
      for await (const page of listObjects(bucket, EXPORTS_PREFIX)) {
        const old = page.filter((o) => o.lastModified && o.lastModified < cutoff).map((o) => o.key);
        await deleteObjects(bucket, old, 'old downloads');
        removed += old.length;
      }
      return removed;
    },
  };
}
