import { VOUCHER_CARD_PAD as PAD, cardLabels, describeBatch, type PrintedBatch, type VoucherDesign } from '@splashboard/contract';

/**
 * Where everything sits on one printed card, in PDF points: the same steps as the server's PDF
 * (server/src/domains/vouchers/voucher-pdf.ts, drawTemplate), so the designer's preview is what prints.
 * A change to one must be made to the other.
 */
export type Measure = (text: string, font: 'regular' | 'bold' | 'mono', size: number) => number;

export interface TextRun {
  text: string;
  x: number;
  /** The top of the line (as pdfkit places text). */
  y: number;
  size: number;
}

export interface CardLayout {
  logo: { x: number; y: number; width: number; height: number } | null;
  heading: TextRun | null;
  code: { x: number; y: number; size: number } | null;
  lines: TextRun[];
  instructions: TextRun[];
  footer: TextRun | null;
  qr: { x: number; y: number; size: number } | null;
}

/** The standard PDF fonts draw Windows-1252 only; the PDF prints anything else as '?'. */
export const printable = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff€‘’“”–—…•]/g, '?');

function fitText(measure: (s: string) => number, text: string, width: number): string {
  if (measure(text) <= width) return text;
  let out = text;
  while (out.length > 1 && measure(`${out}…`) > width) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}

function wrap(measure: (s: string) => number, text: string, width: number, maxLines: number): string[] {
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

export function layoutCard(opts: {
  design: VoucherDesign;
  width: number;
  height: number;
  /** The logo's pixel size, when there is one. */
  logo: { width: number; height: number } | null;
  batch: PrintedBatch;
  siteNames: string[];
  timeZone: string;
  measure: Measure;
}): CardLayout {
  const { design, width, height, measure } = opts;
  const out: CardLayout = { logo: null, heading: null, code: null, lines: [], instructions: [], footer: null, qr: null };
  let y = PAD;
  let headingX = PAD;
  const rowHeight = 26;
  if (opts.logo) {
    const scale = Math.min(Math.min(70, (width - 2 * PAD) * 0.3) / opts.logo.width, rowHeight / opts.logo.height);
    const [w, h] = [opts.logo.width * scale, opts.logo.height * scale];
    out.logo = { x: PAD, y: y + (rowHeight - h) / 2, width: w, height: h };
    headingX = PAD + w + 6;
  }
  if (design.heading_text) {
    const bold = (s: string) => measure(s, 'bold', 11);
    const text = fitText(bold, printable(design.heading_text), width - PAD - headingX);
    out.heading = { text, x: headingX, y: y + (rowHeight - 11) / 2, size: 11 };
  }
  y += (opts.logo || design.heading_text ? rowHeight : 0) + 4;

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

  const regular = (size: number) => (s: string) => measure(s, 'regular', size);
  const items = describeBatch(opts.batch, design, opts.siteNames, cardLabels(design.language), opts.timeZone).map(printable);
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last !== undefined && regular(8)(`${last}   ${item}`) <= textWidth) lines[lines.length - 1] = `${last}   ${item}`;
    else lines.push(fitText(regular(8), item, textWidth));
  }
  const textBottom = bottom - qrSpace - (qrSpace ? PAD / 2 : 0);
  for (const text of lines) {
    if (y + 9 > textBottom) break;
    out.lines.push({ text, x: PAD, y, size: 8 });
    y += 10.5;
  }
  if (design.instructions_text) {
    const room = Math.floor((textBottom - y - 2) / 9.5);
    if (room > 0) {
      y += 2;
      for (const text of wrap(regular(7.5), printable(design.instructions_text), textWidth, Math.min(room, 4))) {
        out.instructions.push({ text, x: PAD, y, size: 7.5 });
        y += 9.5;
      }
    }
  }
  if (footer) {
    const text = fitText(regular(7), footer, width - 2 * PAD - (out.qr ? out.qr.size + PAD : 0));
    out.footer = { text, x: PAD, y: height - PAD - 7, size: 7 };
  }
  if (design.show_qr && stacked) {
    const size = Math.max(40, Math.min(qrSpace, width - 2 * PAD));
    out.qr = { x: (width - size) / 2, y: Math.min(textBottom + PAD / 2, bottom - size), size };
  }
  return out;
}
