import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from './crypto.ts';

export interface StoredFile {
  key: string;
  url: string;
}

/** Where uploaded files live. Local disk by default; an object store can take its place. */
export interface Storage {
  put(folder: string, extension: string, body: Buffer): Promise<StoredFile>;
  /** Removes a folder and every file under it (nothing if it does not exist). */
  removeFolder(folder: string): Promise<void>;
  /** The bytes of a file by the address `put` gave it (null for any other address, or a file that is gone). */
  read(url: string): Promise<Buffer | null>;
}

export function createLocalStorage(root: string, publicBase: string): Storage {
  return {
    async put(folder, extension, body) {
      const key = `${folder}/${randomToken(16)}.${extension}`;
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return { key, url: `${publicBase}/${key}` };
    },
    async removeFolder(folder) {
      const dir = path.resolve(root, folder);
      // Only ever a folder inside the uploads: never the root itself or anything outside it.
      if (!dir.startsWith(path.resolve(root) + path.sep)) throw new Error(`not an uploads folder: ${folder}`);
      await rm(dir, { recursive: true, force: true });
    },
    async read(url) {
      if (!url.startsWith(`${publicBase}/`)) return null;
      const file = path.resolve(root, url.slice(publicBase.length + 1));
      if (!file.startsWith(path.resolve(root) + path.sep)) return null;
      return readFile(file).catch(() => null);
    },
  };
}

const SIGNATURES: { ext: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'gif',
    test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  },
  { ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/**
 * The image type read from the file's own bytes (never the name or the declared type). SVG is refused:
 * served from our origin it could carry script.
 */
export function detectImage(body: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(body))?.ext ?? null;
}
