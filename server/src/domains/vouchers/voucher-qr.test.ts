import { afterAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { newVoucherCodes } from './voucher-codes.ts';
import { QR_OPTIONS, qrTilesFor } from './voucher-qr.ts';

/** The tile the `qrcode` package's symbol makes: 1 bit a module, 0 dark, rows padded to a byte. */
function packageTile(text: string) {
  const { size, data } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], QR_OPTIONS).modules;
  const rowBytes = Math.ceil(size / 8);
  const bits = Buffer.alloc(rowBytes * size, 0xff);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) if (data[r * size + c]) bits[r * rowBytes + (c >> 3)]! &= ~(0x80 >> (c & 7));
  return bits;
}

describe('the QR codes of a batch', () => {
  const versions = new Set<number>();
  afterAll(() => {
    // Version information (from 7) and a 16-bit length (from 10) were among them.
    expect(Math.max(...versions)).toBeGreaterThanOrEqual(10);
    expect(Math.min(...versions)).toBeLessThan(7);
  });
  // Base addresses from a short one to the longest a design takes (200 characters): versions 3 to 11,
  // one block and several, short and long blocks, with and without version information.
  it.each([17, 30, 60, 100, 150, 200])(
    'are the qrcode package’s symbols, module for module (a base address of %i characters)',
    (length) => {
      const base = `http://a.example/${'p'.repeat(200)}`.slice(0, length);
      const codes = newVoucherCodes(40);
      const tiles = qrTilesFor(`${base}?wifivoucher=${codes[0]}`);
      versions.add(QRCode.create(`${base}?wifivoucher=${codes[0]}`, QR_OPTIONS).version);
      const strip = Buffer.alloc(tiles.tileBytes * codes.length);
      codes.forEach((code, i) => tiles.draw(`${base}?wifivoucher=${code}`, strip, i));
      codes.forEach((code, i) => {
        const expected = packageTile(`${base}?wifivoucher=${code}`);
        expect(strip.subarray(i * tiles.tileBytes, (i + 1) * tiles.tileBytes).equals(expected)).toBe(true);
      });
    },
  );

  it('refuses a text of another length than the batch’s', () => {
    const tiles = qrTilesFor('http://a.example/?wifivoucher=K7QM2X9FT4HB');
    expect(() => tiles.draw('http://a.example/?wifivoucher=K7QM', Buffer.alloc(tiles.tileBytes), 0)).toThrow();
  });
});
