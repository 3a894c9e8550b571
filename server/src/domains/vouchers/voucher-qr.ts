import QRCode from 'qrcode';

/**
 * QR options: error correction M (a printed card survives a crease), a fixed mask. Choosing the mask
 * with the lowest penalty takes 8 encodings per code, 10x the time, for a symbol every reader reads anyway.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', maskPattern: 2 } as const;
/** Light modules around the symbol, as QR readers need: the card leaves them light around its tile. */
export const QR_QUIET = 4;

/** Level M, versions 1 to 40: error correction blocks, and error correction codewords in all (ISO/IEC 18004, table 9). */
const M_BLOCKS = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38,
  40, 43, 45, 47, 49,
];
const M_EC_CODEWORDS = [
  10, 16, 26, 36, 48, 64, 72, 88, 110, 130, 150, 176, 198, 216, 240, 280, 308, 338, 364, 416, 442, 476, 504, 560, 588, 644, 700,
  728, 784, 812, 868, 924, 980, 1036, 1064, 1120, 1204, 1260, 1316, 1372,
];

/** GF(256) over x^8 + x^4 + x^3 + x^2 + 1, as QR's Reed-Solomon codes use. */
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;

/** The generator polynomial of `degree` error correction codewords, as the logs of its coefficients after the leading 1. */
function generatorLogs(degree: number): Uint8Array {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j]! ^= poly[j]!;
      if (poly[j]) next[j + 1]! ^= EXP[LOG[poly[j]!]! + i]!;
    }
    poly = next;
  }
  return Uint8Array.from(poly.slice(1), (c) => LOG[c]!);
}

export interface QrTiles {
  /** A tile's side in modules: the symbol's, without its quiet zone. */
  side: number;
  /** Bytes of one tile: `side` rows of `ceil(side / 8)` bytes, 1 bit a module, 0 dark. */
  tileBytes: number;
  /** Draws the QR code of `text` as tile number `tile` of `into`. */
  draw(text: string, into: Buffer, tile: number): void;
}

/**
 * A QR encoder for many texts of one length in bytes (a batch's card addresses differ only in their
 * code). Every step from a text's bytes to its modules (codewords, Reed-Solomon, placement) is linear
 * over bits, apart from constants (mode, length, padding, mask, function patterns) that are the same for
 * texts of one length. So a text's tile is the `qrcode` package's tile of the first text, with the
 * change each differing byte makes added (XOR): that change is worked out once per position and
 * difference, and a card's tile then costs a dozen XORs of the tile, not an encoding. The result is the
 * package's symbol, module for module (voucher-qr.test.ts compares them).
 */
export function qrTilesFor(sample: string): QrTiles {
  const sampleBytes = Buffer.from(sample, 'utf8');
  const length = sampleBytes.length;
  const symbol = QRCode.create([{ data: sampleBytes, mode: 'byte' }], QR_OPTIONS);
  const { version } = symbol;
  const {
    size,
    data: modules,
    reservedBit,
  } = symbol.modules as unknown as {
    size: number;
    data: Uint8Array;
    reservedBit: Uint8Array;
  };
  const side = size;
  const rowBytes = Math.ceil(side / 8);
  const tileBytes = rowBytes * side;
  const words = Math.ceil(tileBytes / 4);
  const bitOf = (row: number, col: number) => ({ at: row * rowBytes + (col >> 3), mask: 0x80 >> (col & 7) });

  const base = new Uint8Array(words * 4).fill(0xff);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (modules[row * size + col]) {
        const { at, mask } = bitOf(row, col);
        base[at]! &= ~mask;
      }

  // The data modules in the order codeword bits fill them (two columns at a time, up and down, from
  // the right, skipping the vertical timing pattern).
  const placed: { at: number; mask: number }[] = [];
  let up = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let step = 0; step < size; step++) {
      const row = up ? size - 1 - step : step;
      for (const col of [right, right - 1]) if (!reservedBit[row * size + col]) placed.push(bitOf(row, col));
    }
    up = !up;
  }

  const total = Math.floor(placed.length / 8);
  const ecTotal = M_EC_CODEWORDS[version - 1]!;
  const blocks = M_BLOCKS[version - 1]!;
  const dataTotal = total - ecTotal;
  const longBlocks = total % blocks;
  const shortData = Math.floor(dataTotal / blocks);
  const ecPerBlock = Math.floor(total / blocks) - shortData;
  const generator = generatorLogs(ecPerBlock);
  // Byte mode: a 4-bit mode, then the length (8 bits below version 10, else 16), then the bytes.
  const firstBit = 4 + (version < 10 ? 8 : 16);

  /** What a difference of `diff` in byte `position` of the text changes in the tile (XOR). */
  function changeOf(position: number, diff: number): Uint32Array {
    const data = new Uint8Array(dataTotal);
    for (let i = 0; i < 8; i++) {
      const bit = firstBit + position * 8 + i;
      if ((diff >> (7 - i)) & 1) data[bit >> 3]! |= 0x80 >> (bit & 7);
    }
    const codewords = new Uint8Array(total);
    for (let b = 0, offset = 0; b < blocks; b++) {
      const count = shortData + (b >= blocks - longBlocks ? 1 : 0);
      const rem = new Uint8Array(ecPerBlock);
      for (let i = 0; i < count; i++) {
        const factor = data[offset + i]! ^ rem[0]!;
        rem.copyWithin(0, 1);
        rem[ecPerBlock - 1] = 0;
        if (factor) for (let j = 0; j < ecPerBlock; j++) rem[j]! ^= EXP[generator[j]! + LOG[factor]!]!;
      }
      for (let i = 0; i < count; i++)
        codewords[i < shortData ? i * blocks + b : shortData * blocks + (b - (blocks - longBlocks))] = data[offset + i]!;
      for (let i = 0; i < ecPerBlock; i++) codewords[dataTotal + i * blocks + b] = rem[i]!;
      offset += count;
    }
    const change = new Uint8Array(words * 4);
    for (let i = 0; i < total * 8; i++) if (codewords[i >> 3]! & (0x80 >> (i & 7))) change[placed[i]!.at]! ^= placed[i]!.mask;
    return new Uint32Array(change.buffer);
  }

  const changes: (Uint32Array | undefined)[][] = Array.from({ length }, () => []);
  const base32 = new Uint32Array(base.buffer);
  const work = new Uint32Array(words);
  const workBytes = new Uint8Array(work.buffer, 0, tileBytes);

  return {
    side,
    tileBytes,
    draw(text, into, tile) {
      const bytes = Buffer.from(text, 'utf8');
      if (bytes.length !== length) throw new Error('Every text of a QR batch must have the same length');
      work.set(base32);
      for (let p = 0; p < length; p++) {
        const diff = bytes[p]! ^ sampleBytes[p]!;
        if (!diff) continue;
        const change = (changes[p]![diff] ??= changeOf(p, diff));
        for (let w = 0; w < words; w++) work[w]! ^= change[w]!;
      }
      into.set(workBytes, tile * tileBytes);
    },
  };
}
