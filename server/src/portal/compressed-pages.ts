import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip';

/**
 * Compressed copies of the pages drawn once per settings version (views.cachedPage): compressed once, at
 * Brotli's best, when a guest first asks for that encoding, instead of on every request (the splash page
 * is the portal's busiest answer). Pages drawn per guest are left to the server's compression on the fly.
 */
const copies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
/** As the server's compression on the fly: smaller answers go out as they are. */
const THRESHOLD = 1024;

export function keepCompressedCopies(page: Buffer) {
  if (page.length >= THRESHOLD) copies.set(page, {});
}

/** The encoding the client prefers among ours, from its Accept-Encoding (`br` first on a tie). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    const encoding = name === 'br' ? 'br' : name === 'gzip' || name === 'x-gzip' ? 'gzip' : null;
    if (!encoding || !(weight > 0)) continue;
    if (weight > bestQ || (weight === bestQ && encoding === 'br')) [best, bestQ] = [encoding, weight];
  }
  return best;
}

/** The page compressed for the client, when it is a page drawn once and the client takes br or gzip. */
export function compressedCopy(page: Buffer, acceptEncoding: string | undefined): { encoding: Encoding; body: Buffer } | null {
  const cached = copies.get(page);
  if (!cached) return null;
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding) return null;
  let body = cached[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(page, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: page.length },
          })
        : gzipSync(page, { level: 9 });
    cached[encoding] = body;
  }
  return { encoding, body };
}
