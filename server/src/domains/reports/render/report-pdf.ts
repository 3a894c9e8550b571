import PDFDocument from 'pdfkit';
import type { ReportContent } from './report-email.ts';
import { fontBytes, fontRuns, type ReportWeight } from './report-fonts.ts';
import { INK, MUTED, TILE, changeColour } from './report-look.ts';
import { CHART_HEIGHT, CHART_WIDTH } from './report-charts.ts';
import type { ReportTile } from './report-tiles.ts';
import { REPORT_WORDS } from './report-words.ts';

const MARGIN = 48;
const GAP = 12;
const FOOTER = 36;

/**
 * The report on A4: brand, title and period, the tiles two by two, the charts, a link to the dashboard.
 * Text is set in an embedded Roboto, so it is real, extractable text in both languages.
 */
export async function reportPdf(c: ReportContent, subject: string): Promise<Buffer> {
  const w = REPORT_WORDS[c.input.lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: c.input.lang,
    info: { Title: subject, Author: c.input.brand.productName, Creator: c.input.brand.productName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('Regular', fontBytes('regular'));
  doc.registerFont('Bold', fontBytes('bold'));
  doc.registerFont('RegularExt', fontBytes('regular-ext'));
  doc.registerFont('BoldExt', fontBytes('bold-ext'));

  const pageW = doc.page.width;
  const contentW = pageW - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER;
  const room = (height: number) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
    }
  };

  // Brand and title.
  doc.rect(0, 0, pageW, 8).fill(c.accent);
  doc.fontSize(13).fillColor(c.accent);
  names(doc, c.input.brand.productName, 'bold', { x: MARGIN, y: MARGIN - 8, width: contentW });
  doc.moveDown(1.2);
  doc.font('Bold').fontSize(10).fillColor(c.accent).text(c.heading.toUpperCase());
  doc.fontSize(22).fillColor(INK);
  names(doc, c.scope, 'bold', { x: MARGIN, y: doc.y, width: contentW });
  doc.font('Regular').fontSize(13).fillColor(INK).text(c.period);
  doc.font('Regular').fontSize(10).fillColor(MUTED).text(w.comparedWith(c.previousPeriod));
  doc.moveDown(1);

  // Tiles, two per row.
  const tileW = (contentW - GAP) / 2;
  for (let i = 0; i < c.tiles.length; i += 2) {
    const row = c.tiles.slice(i, i + 2);
    const height = Math.max(...row.map((t) => tileHeight(doc, t, tileW)));
    room(height + GAP);
    const top = doc.y;
    row.forEach((tile, j) => drawTile(doc, tile, MARGIN + j * (tileW + GAP), top, tileW, height, w));
    doc.y = top + height + GAP;
  }

  // Charts.
  const chartH = (contentW * CHART_HEIGHT) / CHART_WIDTH;
  for (const chart of c.charts) {
    room(chartH + 34);
    doc.moveDown(0.6);
    doc.font('Bold').fontSize(12).fillColor(INK).text(chart.title, MARGIN, doc.y, { width: contentW });
    const top = doc.y + 4;
    doc.image(chart.png, MARGIN, top, { width: contentW, height: chartH });
    doc.y = top + chartH + 6;
  }

  // Link to the dashboard.
  room(30);
  doc.moveDown(0.8);
  doc
    .font('Bold')
    .fontSize(11)
    .fillColor(c.accent)
    .text(`${w.openDashboard}: `, MARGIN, doc.y, { continued: true })
    .font('Regular')
    .text(c.input.dashboardUrl, { link: c.input.dashboardUrl, underline: true });

  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let p = 0; p < range.count; p++) {
    doc.switchToPage(range.start + p);
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 10;
    doc.font('Regular').fontSize(8).fillColor(MUTED);
    doc.text(`${c.heading} · ${c.period}`, MARGIN, y, { width: contentW * 0.75, lineBreak: false });
    doc.text(w.page(p + 1, range.count), MARGIN, y, { width: contentW, align: 'right', lineBreak: false });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A name (site, brand) in the latin file, switching to the latin-ext one for the letters only it has. */
function names(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: ReportWeight,
  at: { x: number; y: number; width: number; lineBreak?: boolean },
) {
  const runs = fontRuns(text, weight);
  const base = weight === 'bold' ? 'Bold' : 'Regular';
  runs.forEach((run, i) => {
    doc.font(run.ext ? `${base}Ext` : base);
    const opts = { width: at.width, lineBreak: at.lineBreak ?? true, continued: i < runs.length - 1 };
    if (i === 0) doc.text(run.text, at.x, at.y, opts);
    else doc.text(run.text, opts);
  });
}

function tileHeight(doc: PDFKit.PDFDocument, tile: ReportTile, width: number): number {
  const inner = width - 28;
  let h = 14 + 14 + 28 + 16 + 14;
  if (tile.change) h += 16;
  if (tile.note) h += doc.font('Regular').fontSize(8.5).heightOfString(tile.note, { width: inner }) + 4;
  return h;
}

function drawTile(
  doc: PDFKit.PDFDocument,
  tile: ReportTile,
  x: number,
  y: number,
  width: number,
  height: number,
  w: (typeof import('./report-words.ts').REPORT_WORDS)['en-US'],
) {
  const inner = width - 28;
  doc.roundedRect(x, y, width, height, 8).fill(TILE);
  let ty = y + 14;
  doc
    .font('Regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(tile.label.toUpperCase(), x + 14, ty, { width: inner, lineBreak: false });
  ty += 14;
  doc
    .font('Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(tile.value, x + 14, ty, { width: inner, lineBreak: false });
  ty += 28;
  if (tile.change) {
    const colour = changeColour(tile.good);
    let cx = x + 14;
    if (tile.trend !== 'flat') {
      // A triangle pointing the way the figure moved (the typeface has no arrows).
      const [tip, base] = tile.trend === 'up' ? [ty + 1.5, ty + 8.5] : [ty + 8.5, ty + 1.5];
      doc.polygon([cx, base], [cx + 8, base], [cx + 4, tip]).fill(colour);
      cx += 12;
    }
    doc.font('Bold').fontSize(10).fillColor(colour).text(tile.change, cx, ty, { lineBreak: false });
    cx += doc.widthOfString(tile.change) + 4;
    doc.font('Regular').fontSize(10).fillColor(MUTED).text(w.vsPrevious, cx, ty, { lineBreak: false });
    ty += 16;
  }
  doc
    .font('Regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${w.previous}: ${tile.previous}`, x + 14, ty, { width: inner, lineBreak: false });
  ty += 16;
  if (tile.note)
    doc
      .font('Regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(tile.note, x + 14, ty, { width: inner });
}
