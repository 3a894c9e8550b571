import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { readPdf } from './vouchers.fixtures.ts';

/** A text as the PDF draws it: its standard font, and the top of its line in points from the top left. */
export interface DrawnText {
  text: string;
  font: string;
  x: number;
  y: number;
  size: number;
}
export interface DrawnBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface DrawnCard {
  /** The card's top left corner on the page. */
  x: number;
  y: number;
  /** The card's own code and QR code, from its top left corner. */
  code: DrawnText | null;
  qr: DrawnBox | null;
}

const NUM = String.raw`(-?[\d.]+)`;
/** Windows-1252's characters in 0x80–0x9f that a card prints (see printable); the other bytes read as Latin-1. */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};
const ascenders = new Map<string, number>();
/** Where pdfkit puts a font's baseline below the top of a line, per 1000 of its size (the font's AFM ascender). */
function ascenderOf(font: string) {
  if (!ascenders.has(font)) {
    const doc = new PDFDocument({ autoFirstPage: false }).font(font);
    ascenders.set(font, (doc as unknown as { _font: { ascender: number } })._font.ascender);
  }
  return ascenders.get(font)!;
}

/** The texts of BT … ET blocks drawn upright (`1 0 0 -1 0 H cm`), turned back to top-down coordinates. */
function textsOf(content: string, fonts: Map<string, string>): DrawnText[] {
  const blocks = new RegExp(String.raw`1 0 0 -1 0 ${NUM} cm\s+BT\s+([\s\S]*?)\s+ET`, 'g');
  return [...content.matchAll(blocks)].map((m) => {
    const height = Number(m[1]);
    const body = m[2]!;
    const [, x, y] = new RegExp(String.raw`1 0 0 1 ${NUM} ${NUM} Tm`).exec(body)!.map(Number);
    const [, id, size] = /\/(F\d+) ([\d.]+) Tf/.exec(body)!;
    const font = fonts.get(id!)!;
    // A TJ's strings joined (the kerning between them dropped), or a plain Tj, in Windows-1252.
    const hex = [...body.matchAll(/<([0-9a-f]*)>/g)].map((h) => h[1]).join('');
    const text = [...Buffer.from(hex, 'hex')].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');
    return { text, font, x: x!, y: height - y! - (ascenderOf(font) / 1000) * Number(size), size: Number(size) };
  });
}

/**
 * What a voucher sheet's PDF draws, read back from its content streams: the card template's texts and
 * images (a form drawn once, placed on every card), and each card of the first page with its own code
 * and QR code.
 */
export function drawnSheet(pdf: Buffer) {
  const { objects, pages } = readPdf(pdf);
  const byId = new Map(objects.map((o) => [o.id, o]));
  const fonts = new Map<string, string>();
  for (const o of objects)
    for (const [, name, ref] of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g))
      fonts.set(name!, /\/BaseFont \/(\S+)/.exec(byId.get(Number(ref))!.dict)![1]!);

  const form = objects.find((o) => o.dict.includes('/Subtype /Form'))!.stream!.toString('latin1');
  const images = [...form.matchAll(new RegExp(String.raw`${NUM} 0 0 ${NUM} ${NUM} ${NUM} cm\s+/I\d+ Do`, 'g'))].map((m) => {
    const [a, d, e, f] = m.slice(1).map(Number) as [number, number, number, number];
    // Images are drawn upside down and moved down by their height, to stand upright in top-down coordinates.
    return { x: e, y: f + d, width: a, height: -d };
  });

  const contentsId = Number(/\/Contents (\d+) 0 R/.exec(pages[0]!.dict)![1]);
  const cards: DrawnCard[] = [];
  for (const line of byId.get(contentsId)!.stream!.toString('latin1').split('\n')) {
    const placed = new RegExp(String.raw`^q 1 0 0 1 ${NUM} ${NUM} cm /Card Do Q$`).exec(line);
    const clip = new RegExp(String.raw`^q ${NUM} ${NUM} ${NUM} ${NUM} re W n .* /QR Do Q$`).exec(line);
    const card = cards.at(-1);
    if (placed) cards.push({ x: Number(placed[1]), y: Number(placed[2]), code: null, qr: null });
    else if (card && clip) {
      const [x, y, width, height] = clip.slice(1).map(Number) as [number, number, number, number];
      card.qr = { x: x - card.x, y: y - card.y, width, height };
    } else if (card && line.includes(' BT ')) {
      const code = textsOf(line, fonts)[0]!;
      card.code = { ...code, x: code.x - card.x, y: code.y - card.y };
    }
  }
  return { texts: textsOf(form, fonts), images, cards };
}

/** A PNG of one colour, `width` by `height` pixels: a logo pdfkit can draw, of any proportions. */
export function plainPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
