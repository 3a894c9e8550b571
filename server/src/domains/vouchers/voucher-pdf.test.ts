import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import {
  DEFAULT_VOUCHER_DESIGN,
  UNREADABLE_LOGO,
  VOUCHER_CARD_GAP,
  VOUCHER_PAGE_MARGIN,
  formatVoucherCode,
  layoutCard,
  voucherCardSize,
  type CardLayout,
  type CardLayoutInput,
  type CardTextRun,
  type PrintedBatch,
  type VoucherDesign,
} from '@splashboard/contract';
import { PDF_FONTS, pdfMeasure, renderCards, type CardSheet } from './voucher-pdf.ts';
import { drawnSheet, plainPng } from '../../../test/fixtures/voucher-pdf.ts';

const batch: PrintedBatch = {
  batchCode: '0420',
  durationValue: 2,
  durationType: 'hours',
  numDevices: 3,
  speedUl: 512,
  speedDl: 2000,
  dataLimitMb: 1500,
  notes: 'Lobby and the terrace bar; ask at the reception desk for another voucher',
  validUntil: new Date('2025-06-30T12:00:00Z'),
};
const LONG = 'Bienvenue au Grand Hôtel du Lac ★ Wi-Fi gratuit pour tous nos clients, à la piscine et au restaurant. ';

async function print(sheet: CardSheet) {
  const parts: Buffer[] = [];
  for await (const chunk of renderCards(sheet)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** A card's texts as the PDF draws them, in its order: heading, the batch's lines, instructions, footer. */
const expectedTexts = (layout: CardLayout) =>
  [layout.heading, ...layout.lines, ...layout.instructions, layout.footer]
    .filter((run): run is CardTextRun => run !== null)
    .map((run) => ({
      text: run.text,
      font: PDF_FONTS[run.font],
      x: expect.closeTo(run.x, 4),
      y: expect.closeTo(run.y, 4),
      size: run.size,
    }));
/** Page operators are written with two decimals. */
const near = (box: { x: number; y: number; width?: number; height?: number; size?: number }) =>
  Object.fromEntries(Object.entries(box).map(([k, v]) => [k, expect.closeTo(v, 1)]));

const cases: {
  name: string;
  design: Partial<VoucherDesign>;
  paper?: 'a4' | 'letter';
  logo?: { data: Buffer; size: CardLayoutInput['logo'] };
  check(l: CardLayout): void;
}[] = [
  {
    name: 'a wide card (10 a page) with a logo, the QR code beside long texts that are wrapped and cut',
    design: {
      heading_text: LONG,
      instructions_text: LONG.repeat(4),
      footer_text: LONG,
      show_batch: true,
      logo_image: 'logo.png',
    },
    logo: { data: plainPng(120, 30), size: { width: 120, height: 30 } },
    check(l) {
      expect(l.logo).not.toBeNull();
      expect(l.heading!.text.endsWith('…')).toBe(true);
      expect(l.instructions.length).toBeGreaterThan(1);
      expect(l.instructions.at(-1)!.text.endsWith('…')).toBe(true);
      expect(l.footer!.text.endsWith('…')).toBe(true);
      expect(l.lines.some((line) => line.text.includes('   '))).toBe(true);
    },
  },
  {
    name: 'a tall card (4 a page, US Letter) with the QR code under the text, in Spanish',
    design: {
      cards_per_page: 4,
      language: 'es-ES',
      footer_text: 'Gracias',
      instructions_text: LONG.repeat(2),
      logo_image: 'l.png',
    },
    paper: 'letter',
    logo: { data: plainPng(20, 40), size: { width: 20, height: 40 } },
    check(l) {
      expect(l.qr!.y).toBeGreaterThan(l.instructions.at(-1)!.y);
      expect(l.instructions.length).toBeGreaterThan(1);
      expect(l.lines[0]!.text).toMatch(/^Duración: 2 horas/);
    },
  },
  {
    name: 'no QR code (6 a page): the texts take the whole width',
    design: { cards_per_page: 6, show_qr: false, footer_text: LONG, show_notes: true },
    check(l) {
      expect(l.qr).toBeNull();
      expect(l.code).not.toBeNull();
    },
  },
  {
    name: 'no code (12 a page), no heading, and a logo pdfkit cannot read: its row is kept, empty',
    design: { cards_per_page: 12, show_code: false, heading_text: '', logo_image: 'broken.png' },
    logo: { data: Buffer.from('not an image'), size: UNREADABLE_LOGO },
    check(l) {
      expect(l.code).toBeNull();
      expect(l.logo).toBeNull();
      expect(l.heading).toBeNull();
      expect(l.lines[0]!.y).toBeGreaterThan(30);
    },
  },
  {
    name: 'a small card (8 a page) with an instructions text longer than its room',
    design: { cards_per_page: 8, instructions_text: LONG.repeat(8), show_site: true, show_batch: true },
    check(l) {
      expect(l.instructions.at(-1)!.text.endsWith('…')).toBe(true);
    },
  },
];

describe('the printed card', () => {
  it.each(cases)('draws what the shared layout says: $name', async ({ design: over, paper = 'a4', logo, check }) => {
    const design = { ...DEFAULT_VOUCHER_DESIGN, ...over };
    const card = voucherCardSize(paper, design.cards_per_page);
    const codes = Array.from({ length: card.cols * card.rows + 1 }, (_, i) => `K7QM2X9FT4${String(i).padStart(2, '0')}`);
    const siteNames = ['Hotel Sol', 'Harbour'];
    const sheet: CardSheet = {
      design,
      paper,
      codes: [codes],
      batch,
      siteNames,
      timeZone: 'Europe/Madrid',
      logo: logo ? { data: logo.data } : null,
    };
    const drawn = drawnSheet(await print(sheet));

    const layout = layoutCard({
      design,
      width: card.width,
      height: card.height,
      logo: logo?.size ?? null,
      batch,
      siteNames,
      timeZone: sheet.timeZone,
      measure: pdfMeasure(new PDFDocument({ autoFirstPage: false })),
    });
    check(layout);

    expect(drawn.texts).toEqual(expectedTexts(layout));
    expect(drawn.images).toEqual(layout.logo ? [near(layout.logo)] : []);
    expect(drawn.cards).toHaveLength(card.cols * card.rows);
    drawn.cards.forEach((drawnCard, slot) => {
      expect(drawnCard).toMatchObject({
        x: expect.closeTo(VOUCHER_PAGE_MARGIN + (slot % card.cols) * (card.width + VOUCHER_CARD_GAP), 1),
        y: expect.closeTo(VOUCHER_PAGE_MARGIN + Math.floor(slot / card.cols) * (card.height + VOUCHER_CARD_GAP), 1),
      });
      expect(drawnCard.code).toEqual(
        layout.code && { text: formatVoucherCode(codes[slot]!), font: PDF_FONTS.mono, ...near(layout.code) },
      );
      const qr = layout.qr && { x: layout.qr.x, y: layout.qr.y, width: layout.qr.size, height: layout.qr.size };
      expect(drawnCard.qr).toEqual(qr && near(qr));
    });
  });
});
