import QRCode from 'qrcode';

/**
 * QR options: error correction M (a printed card survives a crease), a fixed mask. Choosing the mask
 * with the lowest penalty takes 8 encodings per code, 10x the time, for a symbol every reader reads anyway.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', maskPattern: 2 } as const;
/** Light modules around the symbol, as QR readers need. */
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
  /** A tile's side in modules, quiet zone included. */
  side: number;
  /** Bytes of one tile: `side` rows of `ceil(side / 8)` bytes, 1 bit a module, 0 dark. */
  tileBytes: number;
  /** Draws the QR code of `text` as tile number `tile` of `into`. */
  draw(text: string, into: Buffer, tile: number): void;
}

/**
 * A QR encoder for many texts of one length in bytes (a batch's card addresses differ only in their
 * code): the symbol's version, function patterns, format and version information and mask are the same
 * for all of them, so they are worked out once from the `qrcode` package's symbol for the first text.
 * Each text then costs its codewords (Reed-Solomon over fixed tables) and one bit flip per dark data
 * module into a copy of the prepared tile: no allocation per code, about 50 times the package's speed.
 * The result is the package's symbol, module for module (voucher-qr.test.ts compares them).
 */
export function qrTilesFor(sample: string): QrTiles {
  const length = Buffer.byteLength(sample, 'utf8');
  const symbol = QRCode.create([{ data: Buffer.from(sample, 'utf8'), mode: 'byte' }], QR_OPTIONS);
  const { version } = symbol;
  const { size, reservedBit } = symbol.modules as unknown as { size: number; reservedBit: Uint8Array };
  const side = size + 2 * QR_QUIET;
  const rowBytes = Math.ceil(side / 8);
  const tileBytes = rowBytes * side;

  // The data modules in the order codeword bits fill them (two columns at a time, up and down, from
  // the right, skipping the vertical timing pattern), each as its byte and bit in the tile.
  const byteAt: number[] = [];
  const bitAt: number[] = [];
  const blank = Buffer.alloc(tileBytes, 0xff);
  const setDark = (row: number, col: number) => {
    const x = col + QR_QUIET;
    blank[(row + QR_QUIET) * rowBytes + (x >> 3)]! &= ~(0x80 >> (x & 7));
  };
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (reservedBit[row * size + col] && symbol.modules.data[row * size + col]) setDark(row, col);
  let up = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let step = 0; step < size; step++) {
      const row = up ? size - 1 - step : step;
      for (const col of [right, right - 1]) {
        if (reservedBit[row * size + col]) continue;
        // Mask 2 darkens every third column; a dark data bit turns its module light there.
        if (col % 3 === 0) setDark(row, col);
        const x = col + QR_QUIET;
        byteAt.push((row + QR_QUIET) * rowBytes + (x >> 3));
        bitAt.push(0x80 >> (x & 7));
      }
    }
    up = !up;
  }

  const total = Math.floor(byteAt.length / 8);
  const ecTotal = M_EC_CODEWORDS[version - 1]!;
  const blocks = M_BLOCKS[version - 1]!;
  const dataTotal = total - ecTotal;
  const longBlocks = total % blocks;
  const shortData = Math.floor(dataTotal / blocks);
  const ecPerBlock = Math.floor(total / blocks) - shortData;
  const generator = generatorLogs(ecPerBlock);
  const countBits = version < 10 ? 8 : 16;

  const data = new Uint8Array(dataTotal);
  const ec = new Uint8Array(ecPerBlock * blocks);
  const codewords = new Uint8Array(total);
  const byteAtArr = Int32Array.from(byteAt);
  const bitAtArr = Uint8Array.from(bitAt);

  return {
    side,
    tileBytes,
    draw(text, into, tile) {
      // Byte mode: 0100, the length, the bytes, a 0000 terminator (the data never fills the symbol
      // exactly at these lengths: the package picked the version with room for it), then pad bytes.
      const bytes = Buffer.from(text, 'utf8');
      if (bytes.length !== length) throw new Error('Every text of a QR batch must have the same length');
      data.fill(0);
      let bit = 0;
      const put = (value: number, bits: number) => {
        for (let i = bits - 1; i >= 0; i--, bit++) if ((value >>> i) & 1) data[bit >> 3]! |= 0x80 >> (bit & 7);
      };
      put(0b0100, 4);
      put(length, countBits);
      for (const b of bytes) put(b, 8);
      bit = Math.min(bit + 4, dataTotal * 8);
      for (let i = Math.ceil(bit / 8), pad = 0; i < dataTotal; i++, pad ^= 1) data[i] = pad ? 0x11 : 0xec;

      // Reed-Solomon per block, then the blocks' codewords interleaved.
      ec.fill(0);
      for (let b = 0, offset = 0; b < blocks; b++) {
        const size = shortData + (b >= blocks - longBlocks ? 1 : 0);
        const rem = ec.subarray(b * ecPerBlock, (b + 1) * ecPerBlock);
        for (let i = 0; i < size; i++) {
          const factor = data[offset + i]! ^ rem[0]!;
          rem.copyWithin(0, 1);
          rem[ecPerBlock - 1] = 0;
          if (factor) {
            const f = LOG[factor]!;
            for (let j = 0; j < ecPerBlock; j++) rem[j]! ^= EXP[generator[j]! + f]!;
          }
        }
        for (let i = 0; i < size; i++)
          codewords[i < shortData ? i * blocks + b : shortData * blocks + (b - (blocks - longBlocks))] = data[offset + i]!;
        offset += size;
      }
      for (let b = 0; b < blocks; b++)
        for (let i = 0; i < ecPerBlock; i++) codewords[dataTotal + i * blocks + b] = ec[b * ecPerBlock + i]!;

      const at = tile * tileBytes;
      blank.copy(into, at);
      for (let i = 0; i < total * 8; i++) if (codewords[i >> 3]! & (0x80 >> (i & 7))) into[at + byteAtArr[i]!]! ^= bitAtArr[i]!;
    },
  };
}
