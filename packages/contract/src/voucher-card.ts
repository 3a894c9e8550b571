import type { VoucherDesign } from './vouchers.ts';

/**
 * What a printed voucher card says and where the cards sit on the page: shared by the server's PDF and
 * the designer's live preview, so that the preview shows what prints.
 */

/** Page sizes in PDF points (1/72 inch). */
export const VOUCHER_PAPER_SIZE = { a4: [595.28, 841.89], letter: [612, 792] } as const;
/** Columns and rows of cards for each cards-per-page choice. */
export const VOUCHER_CARD_GRID: Record<number, [number, number]> = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 10: [2, 5], 12: [3, 4] };
/** Page margin, gap between cards and padding inside a card, in points. */
export const VOUCHER_PAGE_MARGIN = 24;
export const VOUCHER_CARD_GAP = 8;
export const VOUCHER_CARD_PAD = 10;

/** A card's width and height in points on a paper with a number of cards per page. */
export function voucherCardSize(paper: keyof typeof VOUCHER_PAPER_SIZE, cardsPerPage: number) {
  const [pageWidth, pageHeight] = VOUCHER_PAPER_SIZE[paper];
  const [cols, rows] = VOUCHER_CARD_GRID[cardsPerPage] ?? [2, 5];
  return {
    cols,
    rows,
    pageWidth,
    pageHeight,
    width: (pageWidth - 2 * VOUCHER_PAGE_MARGIN - (cols - 1) * VOUCHER_CARD_GAP) / cols,
    height: (pageHeight - 2 * VOUCHER_PAGE_MARGIN - (rows - 1) * VOUCHER_CARD_GAP) / rows,
  };
}

/** What a printed card says about its batch. */
export interface PrintedBatch {
  batchCode: string;
  durationValue: number;
  durationType: string;
  numDevices: number;
  speedUl: number;
  speedDl: number;
  dataLimitMb: number;
  notes: string;
  validUntil: Date | null;
}

const LABELS = {
  'en-US': {
    duration: 'Duration',
    devices: 'Devices',
    speed: 'Speed',
    data: 'Data',
    validUntil: 'Valid until',
    site: 'Site',
    sites: 'Sites',
    batch: 'Batch',
    unlimited: 'unlimited',
    down: 'down',
    up: 'up',
    units: { minutes: ['minute', 'minutes'], hours: ['hour', 'hours'], days: ['day', 'days'] },
  },
  'es-ES': {
    duration: 'Duración',
    devices: 'Dispositivos',
    speed: 'Velocidad',
    data: 'Datos',
    validUntil: 'Válido hasta',
    site: 'Ubicación',
    sites: 'Ubicaciones',
    batch: 'Lote',
    unlimited: 'ilimitado',
    down: 'bajada',
    up: 'subida',
    units: { minutes: ['minuto', 'minutos'], hours: ['hora', 'horas'], days: ['día', 'días'] },
  },
} as const;
export type CardLabels = (typeof LABELS)['en-US'] | (typeof LABELS)['es-ES'];

export const cardLabels = (language: VoucherDesign['language']): CardLabels => LABELS[language] ?? LABELS['en-US'];

/** Kbps as people read speeds: 512 Kbps, 2 Mbps, 1.5 Mbps. */
export function speedText(kbps: number): string {
  if (kbps < 1000) return `${kbps} Kbps`;
  const mbps = Math.round(kbps / 100) / 10;
  return `${Number.isInteger(mbps) ? mbps : mbps.toFixed(1)} Mbps`;
}

export function dataText(mb: number): string {
  if (mb < 1000) return `${mb} MB`;
  const gb = Math.round(mb / 100) / 10;
  return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
}

/** A date as the site's calendar shows it (YYYY-MM-DD). */
const dateAt = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/** The lines the design asks for, each `Label: value`. */
export function describeBatch(
  batch: PrintedBatch,
  design: VoucherDesign,
  siteNames: string[],
  t: CardLabels,
  timeZone: string,
): string[] {
  const items: string[] = [];
  if (design.show_duration) {
    const unit = t.units[batch.durationType as keyof CardLabels['units']] ?? t.units.minutes;
    items.push(`${t.duration}: ${batch.durationValue} ${batch.durationValue === 1 ? unit[0] : unit[1]}`);
  }
  if (design.show_devices) items.push(`${t.devices}: ${batch.numDevices}`);
  if (design.show_limits) {
    const speed =
      batch.speedDl === 0 && batch.speedUl === 0
        ? t.unlimited
        : [
            batch.speedDl ? `${speedText(batch.speedDl)} ${t.down}` : `${t.unlimited} ${t.down}`,
            batch.speedUl ? `${speedText(batch.speedUl)} ${t.up}` : `${t.unlimited} ${t.up}`,
          ].join(', ');
    items.push(`${t.speed}: ${speed}`);
    items.push(`${t.data}: ${batch.dataLimitMb ? dataText(batch.dataLimitMb) : t.unlimited}`);
  }
  if (design.show_validity && batch.validUntil) items.push(`${t.validUntil}: ${dateAt(batch.validUntil, timeZone)}`);
  if (design.show_site && siteNames.length) items.push(`${siteNames.length > 1 ? t.sites : t.site}: ${siteNames.join(', ')}`);
  if (design.show_batch) items.push(`${t.batch} ${batch.batchCode}`);
  if (design.show_notes && batch.notes) items.push(batch.notes);
  return items;
}
