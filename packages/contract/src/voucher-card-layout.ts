import type { VoucherDesign } from './vouchers.ts';
import { VOUCHER_CARD_PAD as PAD, cardLabels, describeBatch, type PrintedBatch } from './voucher-card.ts';

/**
 * Where everything sits on one printed card, in PDF points from the card's top left corner: one layout
 * that the server's PDF draws and the designer's preview shows, so the preview is what prints. Each side
 * measures text with its own fonts (pdfkit's standard fonts; the browser's nearest ones).
 */

export type CardFont = 'regular' | 'bold' | 'mono';
/** A text's width in points, in a font at a size. */
export type MeasureText = (text: string, font: CardFont, size: number) => number;

export interface CardTextRun {
  text: string;
  font: Exclude<CardFont, 'mono'>;
  x: number;
  /** The top of the line (as pdfkit places text). */
  y: number;
  size: number;
}

export interface CardLayout {
  logo: { x: number; y: number; width: number; height: number } | null;
  heading: CardTextRun | null;
  /** Where each card's own code goes (in the bold mono font), when the design shows it. */
  code: { x: number; y: number; size: number } | null;
  /** What the card says about its batch. */
  lines: CardTextRun[];
  instructions: CardTextRun[];
  footer: CardTextRun | null;
  qr: { x: number; y: number; size: number } | null;
}

/**
 * A logo the design has but that cannot be drawn (an image pdfkit cannot read): it is left out, and its
 * row is kept, so the rest of the card stays where the preview shows it.
 */
export const UNREADABLE_LOGO = 'unreadable';

export interface CardLayoutInput {
  design: VoucherDesign;
  width: number;
  height: number;
  /** The logo's pixel size, when there is one. */
  logo: { width: number; height: number } | typeof UNREADABLE_LOGO | null;
  batch: PrintedBatch;
  siteNames: string[];
  timeZone: string;
  measure: MeasureText;
}

/** The standard PDF fonts draw Windows-1252 only; the PDF prints anything else as '?'. */
export const printable = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff€‘’“”–—…•]/g, '?');

type Width = (s: string) => number;

function fitText(measure: Width, text: string, width: number): string {
  if (measure(text) <= width) return text;
  let out = text;
  while (out.length > 1 && measure(`${out}…`) > width) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}

function wrap(measure: Width, text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = fitText(measure, `${kept[maxLines - 1]} ${lines[maxLines]}`, width);
    return kept.map((l) => fitText(measure, l, width));
  }
  return lines.map((l) => fitText(measure, l, width));
}

export function layoutCard(input: CardLayoutInput): CardLayout {
  const { design, width, height, measure } = input;
  const out: CardLayout = { logo: null, heading: null, code: null, lines: [], instructions: [], footer: null, qr: null };
  const regular = (size: number) => (s: string) => measure(s, 'regular', size);
  const run = (text: string, y: number, size: number): CardTextRun => ({ text, font: 'regular', x: PAD, y, size });

  // Logo and heading across the top.
  let y = PAD;
  let headingX = PAD;
  const rowHeight = 26;
  if (input.logo && input.logo !== UNREADABLE_LOGO) {
    const scale = Math.min(Math.min(70, (width - 2 * PAD) * 0.3) / input.logo.width, rowHeight / input.logo.height);
    const [w, h] = [input.logo.width * scale, input.logo.height * scale];
    out.logo = { x: PAD, y: y + (rowHeight - h) / 2, width: w, height: h };
    headingX = PAD + w + 6;
  }
  if (design.heading_text) {
    const text = fitText((s) => measure(s, 'bold', 11), printable(design.heading_text), width - PAD - headingX);
    out.heading = { text, font: 'bold', x: headingX, y: y + (rowHeight - 11) / 2, size: 11 };
  }
  y += (input.logo || design.heading_text ? rowHeight : 0) + 4;

  // Wide cards put the QR code on the right under the heading; tall ones at the bottom.
  const footer = design.footer_text ? printable(design.footer_text) : '';
  const bottom = height - PAD - (footer ? 10 : 0);
  const stacked = width / (bottom - y) < 1.6;
  let textWidth = width - 2 * PAD;
  if (design.show_qr && !stacked) {
    const size = Math.min(bottom - y, width * 0.42, 130);
    out.qr = { x: width - PAD - size, y: y + (bottom - y - size) / 2, size };
    textWidth -= size + PAD;
  }
  if (design.show_code) {
    const size = Math.min(height > 300 ? 24 : 18, textWidth / (14 * 0.6));
    out.code = { x: PAD, y, size };
    y += size * 1.15 + 4;
  }
  let qrSpace = 0;
  if (design.show_qr && stacked) qrSpace = Math.min(width - 2 * PAD, 140, Math.max(60, (bottom - y) * 0.55));

  // The batch's lines, joined while they fit side by side, then the instructions, as many as there is room for.
  const items = describeBatch(input.batch, design, input.siteNames, cardLabels(design.language), input.timeZone).map(printable);
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last !== undefined && regular(8)(`${last}   ${item}`) <= textWidth) lines[lines.length - 1] = `${last}   ${item}`;
    else lines.push(fitText(regular(8), item, textWidth));
  }
  const textBottom = bottom - qrSpace - (qrSpace ? PAD / 2 : 0);
  for (const text of lines) {
    if (y + 9 > textBottom) break;
    out.lines.push(run(text, y, 8));
    y += 10.5;
  }
  if (design.instructions_text) {
    const room = Math.floor((textBottom - y - 2) / 9.5);
    if (room > 0) {
      y += 2;
      for (const text of wrap(regular(7.5), printable(design.instructions_text), textWidth, Math.min(room, 4))) {
        out.instructions.push(run(text, y, 7.5));
        y += 9.5;
      }
    }
  }
  if (footer) {
    const text = fitText(regular(7), footer, width - 2 * PAD - (out.qr ? out.qr.size + PAD : 0));
    out.footer = run(text, height - PAD - 7, 7);
  }
  if (design.show_qr && stacked) {
    const size = Math.max(40, Math.min(qrSpace, width - 2 * PAD));
    out.qr = { x: (width - size) / 2, y: Math.min(textBottom + PAD / 2, bottom - size), size };
  }
  return out;
}
