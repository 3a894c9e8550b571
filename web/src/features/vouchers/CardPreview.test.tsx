import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import {
  DEFAULT_VOUCHER_DESIGN,
  formatVoucherCode,
  layoutCard,
  voucherCardSize,
  type CardLayout,
  type PrintedBatch,
  type VoucherDesign,
} from '@splashboard/contract';
import { initI18n } from '../../app/i18n.ts';
import { CARD_FONT_ASCENT, previewMeasure } from './cardFonts.ts';
import { CardPreview, SAMPLE_CODE } from './CardPreview.tsx';

const LOGO = { width: 120, height: 30 };
const LONG = 'Bienvenue au Grand Hôtel du Lac ★ Wi-Fi gratuit pour tous nos clients, à la piscine et au restaurant. ';
const batch: PrintedBatch = {
  batchCode: '0420',
  durationValue: 2,
  durationType: 'hours',
  numDevices: 3,
  speedUl: 512,
  speedDl: 2000,
  dataLimitMb: 1500,
  notes: 'Lobby and the terrace bar',
  validUntil: new Date('2025-06-30T12:00:00Z'),
};
const siteNames = ['Hotel Sol', 'Harbour'];

beforeAll(() => {
  initI18n('en-US');
  // jsdom has no canvas: widths that differ by font and size, so a run measured in the wrong one shows.
  const context = {
    font: '',
    measureText(text: string) {
      const size = Number(/([\d.]+)px/.exec(this.font)![1]);
      const perChar = this.font.startsWith('bold') ? 0.62 : 0.5;
      return { width: text.length * size * perChar };
    },
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
  // Nor does it load images: the logo reports its size as a browser would.
  vi.stubGlobal(
    'Image',
    class {
      naturalWidth = LOGO.width;
      naturalHeight = LOGO.height;
      onload: (() => void) | null = null;
      set src(_: string) {
        setTimeout(() => this.onload?.());
      }
    },
  );
});
afterEach(cleanup);

const numbers = (el: Element, ...names: string[]) => names.map((name) => Number(el.getAttribute(name)));

/** The texts the preview draws, in its order, with their place and size. */
function drawnTexts(svg: Element) {
  return [...svg.querySelectorAll('text')].map((el) => {
    const [x, y, size, weight] = numbers(el, 'x', 'y', 'font-size', 'font-weight');
    return { text: el.textContent, x, y, size, bold: weight === 700 };
  });
}

/** What the preview should draw for a layout: each run at its line's top plus its font's ascent, as pdfkit does. */
function expectedTexts(layout: CardLayout) {
  const runs = [
    layout.heading,
    layout.code && { text: formatVoucherCode(SAMPLE_CODE), font: 'mono' as const, ...layout.code },
    ...layout.lines,
    ...layout.instructions,
    layout.footer,
  ].filter((run) => run !== null);
  return runs.map((run) => ({
    text: run.text,
    x: expect.closeTo(run.x, 6),
    y: expect.closeTo(run.y + CARD_FONT_ASCENT[run.font] * run.size, 6),
    size: expect.closeTo(run.size, 6),
    bold: run.font !== 'regular',
  }));
}

const cases: { name: string; design: Partial<VoucherDesign>; check(l: CardLayout): void }[] = [
  {
    name: 'a wide card with a logo, the QR code beside long texts that are wrapped and cut',
    design: {
      logo_image: '/logo.png',
      heading_text: LONG,
      instructions_text: LONG.repeat(4),
      footer_text: LONG,
      show_batch: true,
    },
    check(l) {
      expect(l.logo).not.toBeNull();
      expect(l.heading!.text.endsWith('…')).toBe(true);
      expect(l.footer!.text.endsWith('…')).toBe(true);
    },
  },
  {
    name: 'a tall card (4 a page, US Letter) with the QR code under the text, in Spanish',
    design: {
      cards_per_page: 4,
      paper: 'letter',
      language: 'es-ES',
      logo_image: '/logo.png',
      footer_text: 'Gracias',
      instructions_text: LONG.repeat(4),
    },
    check(l) {
      expect(l.qr!.y).toBeGreaterThan(l.instructions.at(-1)!.y);
      expect(l.instructions.length).toBeGreaterThan(1);
      expect(l.instructions.at(-1)!.text.endsWith('…')).toBe(true);
      expect(l.lines[0]!.text).toMatch(/^Duración: 2 horas/);
    },
  },
  {
    name: 'no QR code, 6 a page',
    design: { cards_per_page: 6, show_qr: false, footer_text: LONG, show_notes: true },
    check(l) {
      expect(l.qr).toBeNull();
    },
  },
  {
    name: 'no code nor heading, 12 a page',
    design: { cards_per_page: 12, show_code: false, heading_text: '' },
    check(l) {
      expect(l.code).toBeNull();
      expect(l.heading).toBeNull();
    },
  },
];

describe('the card preview', () => {
  it.each(cases)('draws what the shared layout says: $name', async ({ design: over, check }) => {
    const design = { ...DEFAULT_VOUCHER_DESIGN, ...over };
    render(<CardPreview design={design} batch={batch} siteNames={siteNames} timeZone="Europe/Madrid" />);
    const svg = screen.getByTestId('voucher-card-preview');
    if (design.logo_image) await screen.findByTestId('voucher-card-logo');

    const { width, height } = voucherCardSize(design.paper, design.cards_per_page);
    const layout = layoutCard({
      design,
      width,
      height,
      logo: design.logo_image ? LOGO : null,
      batch,
      siteNames,
      timeZone: 'Europe/Madrid',
      measure: previewMeasure,
    });
    check(layout);

    expect(drawnTexts(svg)).toEqual(expectedTexts(layout));
    const logo = svg.querySelector('[data-testid="voucher-card-logo"]');
    expect(logo && numbers(logo, 'x', 'y', 'width', 'height')).toEqual(
      layout.logo && [layout.logo.x, layout.logo.y, layout.logo.width, layout.logo.height],
    );
    const qr = svg.querySelector('g[transform^="translate"]');
    expect(qr && [qr.getAttribute('transform'), Number(qr.querySelector('rect')!.getAttribute('width'))]).toEqual(
      layout.qr && [`translate(${layout.qr.x} ${layout.qr.y})`, layout.qr.size],
    );
  });
});
