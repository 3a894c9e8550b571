import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedCopy, keepCompressedCopies, preferredEncoding } from './compressed-pages.ts';

describe('compressed copies of the pages drawn once', () => {
  it('takes the encoding the phone prefers, Brotli on a tie, none refused with q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('compresses a page once per encoding and hands every guest the same bytes', () => {
    const page = Buffer.from(`<!doctype html><p>${'Welcome to our Wi-Fi. '.repeat(200)}</p>`);
    keepCompressedCopies(page);
    const br = compressedCopy(page, 'gzip, deflate, br')!;
    expect(br.encoding).toBe('br');
    expect(br.body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    expect(compressedCopy(page, 'br')!.body).toBe(br.body);
    const gzip = compressedCopy(page, 'gzip')!;
    expect(gunzipSync(gzip.body).equals(page)).toBe(true);
    expect(compressedCopy(page, 'gzip')!.body).toBe(gzip.body);
  });

  it('leaves pages drawn for one guest, and small ones, to the compression on the fly', () => {
    expect(compressedCopy(Buffer.from('x'.repeat(5000)), 'br')).toBeNull();
    const small = Buffer.from('<p>Hi</p>');
    keepCompressedCopies(small);
    expect(compressedCopy(small, 'br')).toBeNull();
  });
});
