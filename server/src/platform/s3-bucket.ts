import { DeleteObjectsCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

/** The configured bucket and the one client of the process that reaches it (uploads and exports share it). */
export interface S3Bucket {
  client: S3Client;
  name: string;
}

/** ListObjectsV2 and DeleteObjects take at most this many keys a call. */
const KEYS_PER_CALL = 1000;

/**
 * The guest downloads' objects (domains/guests): never served at /uploads, only through their own route,
 * which checks the user's access to the site.
 */
export const EXPORTS_PREFIX = 'exports/';

export function s3BucketOf(s3: S3Settings): S3Bucket {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where the API asks for them: several S3-compatible stores refuse the optional ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { client, name: s3.bucket };
}

/** The objects under a prefix, a page at a time. */
export async function* listObjects({ client, name }: S3Bucket, prefix: string) {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: name, Prefix: prefix, ContinuationToken: token, MaxKeys: KEYS_PER_CALL }),
    );
    yield (page.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key, lastModified: o.LastModified }] : []));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes these objects (a key that is already gone is no error, as in S3); `what` names them in an error. */
export async function deleteObjects({ client, name }: S3Bucket, keys: string[], what: string) {
  for (let i = 0; i < keys.length; i += KEYS_PER_CALL) {
    const Objects = keys.slice(i, i + KEYS_PER_CALL).map((Key) => ({ Key }));
    const done = await client.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects, Quiet: true } }));
    if (done.Errors?.length) throw new Error(`S3 kept ${done.Errors.length} files of ${what}: ${done.Errors[0]!.Code}`);
  }
}

/** Whether an S3 error says the object is not there. */
export const isNoSuchKey = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
