import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// An S3-compatible server on loopback for the tests, as AWS documents the REST API: path-style buckets
// (`/{bucket}/{key}`), PutObject, GetObject, ListObjectsV2 and DeleteObjects, answers in S3's XML, and
// every request's Signature Version 4 checked against the test's credentials (a wrong secret is refused
// with 403 SignatureDoesNotMatch, as S3 does). Objects are kept in memory.

export interface S3Fake {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What the bucket holds, by key. */
  objects: Map<string, { body: Buffer; contentType: string; etag: string; lastModified: Date }>;
  /** Requests refused for their signature or credentials. */
  refused: { code: string; method: string; path: string }[];
  /** The S3_* settings that point a server at this bucket. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const MAX_SKEW_MS = 15 * 60_000;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const xmlUnescape = (s: string) =>
  s.replace(/&(lt|gt|amp|apos|quot|#(\d+)|#x([0-9a-f]+));/gi, (_m, name: string, dec?: string, hex?: string) =>
    dec
      ? String.fromCodePoint(Number(dec))
      : hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' } as Record<string, string>)[name]!,
  );

/** RFC 3986 encoding as SigV4 asks for it: everything but the unreserved characters. */
const sigv4Encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

export async function startS3Fake(opts: { bucket?: string; region?: string } = {}): Promise<S3Fake> {
  const bucket = opts.bucket ?? 'splashboard-uploads';
  const region = opts.region ?? 'us-east-1';
  const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(30).toString('base64');
  const objects: S3Fake['objects'] = new Map();
  const refused: S3Fake['refused'] = [];

  /** Checks the request's SigV4 signature (Authorization header form) over its headers and body. */
  function verifySignature(req: IncomingMessage, rawPath: string, rawQuery: string, body: Buffer) {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    const [, keyId, day, scopeRegion, signedHeaderList, signature] = m as unknown as string[];
    if (keyId !== accessKeyId)
      throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (scopeRegion !== region)
      throw new S3Error(400, 'AuthorizationHeaderMalformed', `the region '${scopeRegion}' is wrong; expecting '${region}'`);
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!when || amzDate.slice(0, 8) !== day)
      throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is missing or does not match the scope');
    const at = Date.UTC(+when[1]!, +when[2]! - 1, +when[3]!, +when[4]!, +when[5]!, +when[6]!);
    if (Math.abs(Date.now() - at) > MAX_SKEW_MS)
      throw new S3Error(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );

    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body))
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );

    const signedHeaders = signedHeaderList!.split(';');
    if (!signedHeaders.includes('host')) throw new S3Error(403, 'AccessDenied', 'The host header must be signed');
    const canonicalHeaders = signedHeaders
      .map((name) => {
        const value = req.headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalQuery = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const [k, v = ''] = pair.split('=');
        return [sigv4Encode(decodeURIComponent(k!)), sigv4Encode(decodeURIComponent(v.replace(/\+/g, '%20')))] as const;
      })
      .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day!), region), 's3'), 'aws4_request');
    const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex')))
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
  }

  function listObjectsV2(query: URLSearchParams) {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000) || 1000, 1000);
    const token = query.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (query.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const o = objects.get(key)!;
        return (
          `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified>` +
          `<ETag>&quot;${o.etag}&quot;</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
        );
      })
      .join('');
    return (
      `<ListBucketResult xmlns="${XMLNS}"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
      `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
      (token ? `<ContinuationToken>${token}</ContinuationToken>` : '') +
      (truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>` : '') +
      `${contents}</ListBucketResult>`
    );
  }

  function deleteObjects(req: IncomingMessage, body: Buffer) {
    // DeleteObjects requires an integrity header (Content-MD5 or an x-amz-checksum-*), as S3 does.
    if (!req.headers['content-md5'] && !Object.keys(req.headers).some((h) => h.startsWith('x-amz-checksum-')))
      throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5 or x-amz-checksum-*');
    const xml = body.toString('utf8');
    if (!/^(<\?xml[^>]*\?>)?\s*<Delete[\s>]/.test(xml))
      throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed');
    const keys = [...xml.matchAll(/<Object>\s*<Key>([^<]*)<\/Key>/g)].map((k) => xmlUnescape(k[1]!));
    if (keys.length > 1000) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed');
    const quiet = /<Quiet>\s*true\s*<\/Quiet>/.test(xml);
    for (const key of keys) objects.delete(key);
    const deleted = quiet ? '' : keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('');
    return `<DeleteResult xmlns="${XMLNS}">${deleted}</DeleteResult>`;
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
    const query = new URLSearchParams(rawQuery);
    try {
      verifySignature(req, rawPath, rawQuery, body);
      const [, bucketName = '', ...rest] = rawPath.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (decodeURIComponent(bucketName) !== bucket)
        throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucketName });
      const xml = (text: string) =>
        res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${text}`);
      if (!key) {
        if (req.method === 'GET' && query.get('list-type') === '2') return xml(listObjectsV2(query));
        if (req.method === 'POST' && query.has('delete')) return xml(deleteObjects(req, body));
        throw new S3Error(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented');
      }
      if (req.method === 'PUT') {
        const etag = createHash('md5').update(body).digest('hex');
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          etag,
          lastModified: new Date(),
        });
        return res.writeHead(200, { etag: `"${etag}"` }).end();
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
        return res
          .writeHead(200, {
            'content-type': o.contentType,
            'content-length': o.body.length,
            etag: `"${o.etag}"`,
            'last-modified': o.lastModified.toUTCString(),
          })
          .end(o.body);
      }
      throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    } catch (err) {
      if (!(err instanceof S3Error)) throw err;
      if (err.status === 403) refused.push({ code: err.code, method: req.method ?? '', path: rawPath });
      const extra = Object.entries(err.extra)
        .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
        .join('');
      res
        .writeHead(err.status, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${err.code}</Code><Message>${xmlEscape(err.message)}</Message>` +
            `${extra}<RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`,
        );
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    refused,
    env: () => ({
      S3_ENDPOINT: url,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_REGION: region,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
