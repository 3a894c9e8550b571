import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_VOUCHER_DESIGN,
  UNREADABLE_LOGO,
  VOUCHER_CARD_PAD,
  layoutCard,
  voucherBatchInputSchema,
  voucherCardSize,
  type CardLayoutInput,
  type MeasureText,
  type PrintedBatch,
} from '@splashboard/contract';
import { renderHook } from '@testing-library/react';
import { initI18n, setLanguage } from '../../app/i18n.ts';
import { useErrorText } from '../../app/errorText.ts';
import { listQuery, listStateOf } from './paths.ts';

beforeAll(() => initI18n('en-US'));

/** Every character half as wide as the font size: enough to see the layout's decisions. */
const measure: MeasureText = (text, _font, size) => text.length * size * 0.5;
const batch: PrintedBatch = {
  batchCode: '0420',
  durationValue: 2,
  durationType: 'hours',
  numDevices: 3,
  speedUl: 0,
  speedDl: 2000,
  dataLimitMb: 1500,
  notes: 'Lobby',
  validUntil: null,
};
const layout = (
  design: Partial<typeof DEFAULT_VOUCHER_DESIGN>,
  cardsPerPage: 4 | 10 = 10,
  logo: CardLayoutInput['logo'] = null,
) => {
  const { width, height } = voucherCardSize('a4', cardsPerPage);
  const d = { ...DEFAULT_VOUCHER_DESIGN, cards_per_page: cardsPerPage, ...design };
  return {
    width,
    height,
    ...layoutCard({ design: d, width, height, logo, batch, siteNames: ['Hotel Sol'], timeZone: 'UTC', measure }),
  };
};

describe('a printed card’s layout', () => {
  it('puts the QR code beside the text on a wide card, the lines clear of it', () => {
    const card = layout({});
    expect(card.qr).not.toBeNull();
    expect(card.qr!.x + card.qr!.size).toBeCloseTo(card.width - VOUCHER_CARD_PAD);
    for (const line of [...card.lines, ...card.instructions])
      expect(line.x + measure(line.text, 'regular', line.size)).toBeLessThan(card.qr!.x);
    expect(card.lines.map((l) => l.text).join(' ')).toContain('Duration: 2 hours');
    expect(card.lines.map((l) => l.text).join(' ')).toContain('Speed: 2 Mbps down, unlimited up');
  });

  it('stacks the QR code under the text on a tall card', () => {
    const card = layout({}, 4);
    const lastText = [...card.lines, ...card.instructions].at(-1)!;
    expect(card.qr!.y).toBeGreaterThan(lastText.y);
    expect(card.qr!.x).toBeCloseTo((card.width - card.qr!.size) / 2);
  });

  it('uses the whole width without a QR code, cuts a long heading and prints only Windows-1252', () => {
    const card = layout({ show_qr: false, heading_text: 'Bienvenue ★ '.repeat(10), footer_text: 'Merci' });
    expect(card.qr).toBeNull();
    expect(card.heading!.text.endsWith('…')).toBe(true);
    expect(card.heading!.text).toContain('?');
    expect(measure(card.heading!.text, 'bold', 11)).toBeLessThanOrEqual(card.width - 2 * VOUCHER_CARD_PAD);
    expect(card.footer).toMatchObject({ text: 'Merci', y: card.height - VOUCHER_CARD_PAD - 7 });
  });

  it('scales a logo into its row before the heading, and keeps the row of one that cannot be drawn', () => {
    // 70 points wide at most: a 120 x 30 logo is drawn 70 x 17.5, in the middle of its 26-point row.
    const withLogo = layout({}, 10, { width: 120, height: 30 });
    expect(withLogo.logo).toEqual({ x: VOUCHER_CARD_PAD, y: VOUCHER_CARD_PAD + 4.25, width: 70, height: 17.5 });
    expect(withLogo.heading!.x).toBe(VOUCHER_CARD_PAD + 70 + 6);
    const unreadable = layout({ heading_text: '' }, 10, UNREADABLE_LOGO);
    const none = layout({ heading_text: '' });
    expect(unreadable.logo).toBeNull();
    expect(unreadable.lines[0]!.y).toBe(withLogo.lines[0]!.y);
    expect(unreadable.lines[0]!.y).toBeGreaterThan(none.lines[0]!.y);
  });
});

describe('the manage list in the address, and the form’s checks', () => {
  it('reads back what it writes, defaults left out', () => {
    const state = { tab: 'inuse', page: 3, rpp: 50, search: 'ab', sort_by: 'code', sort_on: 'asc' } as const;
    expect(listStateOf(listQuery(state))).toEqual(state);
    expect(listQuery(listStateOf(new URLSearchParams('tab=nope&sort_by=x'))).toString()).toBe('');
  });

  it('names the fields the shared schema refuses, with its messages, in Spanish too', async () => {
    // After i18next starts, as in the app: the area's messages join its resources when loaded.
    await import('./i18n.ts');
    const { result } = renderHook(() => useErrorText());
    const parsed = voucherBatchInputSchema.safeParse({ batch_id: '12', count: 0, duration_value: 1, duration_type: 'weeks' });
    expect(parsed.success).toBe(false);
    expect(result.current.issues(parsed.error!)).toEqual({
      batch_id: 'Batch Id must be a four-digit number',
      count: 'At least 1',
      duration_type: 'Choose minutes, hours or days',
    });
    const i18n = initI18n('es-ES');
    await setLanguage('es-ES');
    const { result: spanish } = renderHook(() => useErrorText());
    expect(spanish.current.issues(parsed.error!)).toEqual({
      batch_id: 'El Id de lote debe ser un número de cuatro cifras',
      count: 'Como mínimo 1',
      duration_type: 'Elige minutos, horas o días',
    });
    await i18n.changeLanguage('en-US');
  });
});
