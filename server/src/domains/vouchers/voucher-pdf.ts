import { once } from 'node:events';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import {
  UNREADABLE_LOGO,
  VOUCHER_CARD_GAP,
  VOUCHER_PAGE_MARGIN,
  formatVoucherCode,
  layoutCard,
  voucherCardSize,
  voucherQrUrl,
  type CardFont,
  type CardTextRun,
  type MeasureText,
  type PrintedBatch,
  type VoucherDesign,
} from '@splashboard/contract';
import { QR_QUIET, qrTilesFor, type QrTiles } from './voucher-qr.ts';

export interface CardSheet {
  design: VoucherDesign;
  paper: 'a4' | 'letter';
  /** The batch's codes in print order, some pages' worth at a time: read as the PDF is drawn. */
  codes: Iterable<readonly string[]> | AsyncIterable<readonly string[]>;
  batch: PrintedBatch;
  /** Where the vouchers work. */
  siteNames: string[];
  timeZone: string;
  logo: { data: Buffer } | null;
}

const MARGIN = VOUCHER_PAGE_MARGIN;
const GAP = VOUCHER_CARD_GAP;
/** Cards drawn between two turns of the event loop, so other requests are served meanwhile. */
const CARDS_PER_TURN = 200;
/** Coordinates with two decimals, as a content stream needs no more. */
const n = (v: number) => (Math.round(v * 100) / 100).toString();
/** #rgb, #rrggbb, rgb() or rgba() as pdfkit takes colours. */
function colourOf(value: string): { rgb: [number, number, number]; alpha: number } {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return { rgb: [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number], alpha: 1 };
  }
  const nums = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0];
  return { rgb: [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0], alpha: nums[3] ?? 1 };
}

type Doc = InstanceType<typeof PDFDocument>;
/** pdfkit's page internals used to draw a card once as a form and to place images by hand. */
interface PageInternals {
  content: { write(s: string): void };
  resources: { data: Record<string, unknown>; end(): void };
  xobjects: Record<string, unknown>;
  height: number;
}
const pageOf = (doc: Doc) => (doc as unknown as { page: PageInternals }).page;

/** The standard PDF fonts the card's fonts are printed in. */
export const PDF_FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier-Bold' } as const satisfies Record<
  CardFont,
  string
>;

/** Text widths in the PDF's fonts, as the shared card layout measures them. */
export const pdfMeasure =
  (doc: Doc): MeasureText =>
  (text, font, size) =>
    doc.font(PDF_FONTS[font]).fontSize(size).widthOfString(text);

/** The logo opened by pdfkit (untyped in @types/pdfkit), or null when pdfkit cannot read it. */
function openLogo(doc: Doc, data: Buffer): { width: number; height: number } | null {
  try {
    return (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(data);
  } catch {
    // An image pdfkit cannot read is left out rather than failing the whole sheet.
    return null;
  }
}

/**
 * Draws what every card of the batch has in common (frame, logo, heading, the batch's limits, texts)
 * into a form XObject, once, where the shared card layout puts them; each card then places the form and
 * adds its own code and QR code.
 */
function drawTemplate(doc: Doc, sheet: CardSheet, width: number, height: number) {
  const { design } = sheet;
  const page = pageOf(doc);
  const saved = { content: page.content, resources: page.resources };
  const resources = doc.ref({ ProcSet: ['PDF', 'Text', 'ImageB', 'ImageC', 'ImageI'] }) as unknown as PageInternals['resources'];
  const form = doc.ref({ Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [0, 0, width, height], Resources: resources });
  page.content = form as unknown as PageInternals['content'];
  page.resources = resources;

  const bg = colourOf(design.background_color);
  const border = colourOf(design.border_color);
  const textColour = colourOf(design.text_color);
  const accent = colourOf(design.accent_color);
  doc.save();
  doc
    .roundedRect(0.5, 0.5, width - 1, height - 1, 8)
    .lineWidth(1)
    .fillOpacity(bg.alpha)
    .strokeOpacity(border.alpha)
    .fillAndStroke(bg.rgb, border.rgb);
  doc.restore();

  const logo = sheet.logo && openLogo(doc, sheet.logo.data);
  const layout = layoutCard({
    design,
    width,
    height,
    logo: sheet.logo ? (logo ?? UNREADABLE_LOGO) : null,
    batch: sheet.batch,
    siteNames: sheet.siteNames,
    timeZone: sheet.timeZone,
    measure: pdfMeasure(doc),
  });
  const text = (run: CardTextRun) =>
    doc.font(PDF_FONTS[run.font]).fontSize(run.size).text(run.text, run.x, run.y, { lineBreak: false });
  if (logo && layout.logo) {
    const { x, y, width: w, height: h } = layout.logo;
    // The image opened above, read once (pdfkit takes it where its types say a Buffer).
    doc.image(logo as unknown as Buffer, x, y, { width: w, height: h });
  }
  if (layout.heading) {
    doc.fillColor(accent.rgb, accent.alpha);
    text(layout.heading);
  }
  doc.fillColor(textColour.rgb, textColour.alpha);
  [...layout.lines, ...layout.instructions].forEach(text);
  if (layout.footer) {
    doc.fillColor(textColour.rgb, textColour.alpha * 0.8);
    text(layout.footer);
  }

  page.content = saved.content;
  page.resources = saved.resources;
  resources.end();
  (form as unknown as { end(): void }).end();
  return { form, layout };
}

/** What a sheet's drawing got through, told once it stops (complete, failed or cut short). */
export interface SheetProgress {
  /** Codes read from the batch. */
  codes: number;
  pages: number;
  /** Whether the PDF was drawn to its end. */
  complete: boolean;
}

/** Bytes handed on at a time: pdfkit writes an object in small pieces, a socket wants fewer, bigger writes. */
const CHUNK_BYTES = 256 * 1024;

/** pdfkit's page tree, whose Kids keep every page's dictionary until the end. */
const pageKids = (doc: Doc) =>
  (doc as unknown as { _root: { data: { Pages: { data: { Kids: { data: unknown }[] } } } } })._root.data.Pages.data.Kids;

/**
 * The printable sheet of a batch: several cards per A4 or US Letter page, each with what the design
 * prints. Answers the PDF as a stream that draws only as its reader takes it: a page's codes are read
 * and drawn when the bytes before them have gone out, so a slow client holds the drawing, not memory, and
 * destroying the stream (the client went away) stops the drawing and the reading of codes. `onEnd` hears
 * how far it got.
 */
export function renderCards(sheet: CardSheet, onEnd?: (progress: SheetProgress) => void): Readable {
  return Readable.from(drawSheet(sheet, onEnd), { objectMode: false });
}

async function* drawSheet(sheet: CardSheet, onEnd?: (progress: SheetProgress) => void): AsyncGenerator<Buffer> {
  const {
    cols,
    rows,
    pageWidth,
    pageHeight,
    width: cardWidth,
    height: cardHeight,
  } = voucherCardSize(sheet.paper, sheet.design.cards_per_page);
  const perPage = cols * rows;
  const doc = new PDFDocument({
    size: [pageWidth, pageHeight],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Vouchers, batch ${sheet.batch.batchCode}`, Producer: 'Splashboard', Creator: 'Splashboard' },
  });
  const progress: SheetProgress = { codes: 0, pages: 0, complete: false };
  let parts: Buffer[] = [];
  let length = 0;
  doc.on('data', (part: Buffer) => {
    parts.push(part);
    length += part.length;
  });
  const ended = once(doc, 'end');
  const take = () => {
    const out = Buffer.concat(parts, length);
    parts = [];
    length = 0;
    return out;
  };

  try {
    doc.addPage();
    const draw = pageDrawer(doc, sheet, { cols, cardWidth, cardHeight });
    const kids = pageKids(doc);
    let waiting: readonly string[] = [];
    let sinceTurn = 0;
    const drawPage = (codes: readonly string[]) => {
      if (progress.pages > 0) {
        doc.addPage();
        // The page before is written out; the page tree needs only its object number.
        kids[kids.length - 2]!.data = {};
      }
      progress.pages++;
      draw(codes);
    };
    for await (const read of sheet.codes) {
      progress.codes += read.length;
      const codes = waiting.length ? [...waiting, ...read] : read;
      let first = 0;
      for (; codes.length - first >= perPage; first += perPage) {
        drawPage(codes.slice(first, first + perPage));
        if (length >= CHUNK_BYTES) yield take();
        // Other requests are served between a few hundred cards, even when the reader takes all at once.
        sinceTurn += perPage;
        if (sinceTurn >= CARDS_PER_TURN) {
          sinceTurn = 0;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      waiting = codes.slice(first);
    }
    if (waiting.length || progress.pages === 0) drawPage(waiting);
    doc.end();
    // A PNG logo's transparency is split off asynchronously: pdfkit writes the cross-reference table once
    // that image is written too.
    await ended;
    if (length) yield take();
    progress.complete = true;
  } finally {
    if (!progress.complete) doc.destroy();
    onEnd?.(progress);
  }
}

/**
 * Draws one page of cards: the template placed on each, then its code and its QR code. Every card's
 * place on the page is the same on every page, so the operators around its code are written once.
 */
function pageDrawer(doc: Doc, sheet: CardSheet, grid: { cols: number; cardWidth: number; cardHeight: number }) {
  const { cols, cardWidth, cardHeight } = grid;
  const { form, layout } = drawTemplate(doc, sheet, cardWidth, cardHeight);
  const accent = colourOf(sheet.design.accent_color);
  const url = (code: string) => voucherQrUrl(sheet.design.qr_base_url, code);
  let tiles: QrTiles | null = null;
  // The code is drawn by hand: pdfkit's text() measures and kerns each string, 100,000 times over.
  doc.font(PDF_FONTS.mono);
  const courier = (doc as unknown as { _font: { id: string; ascender: number; ref(): unknown } })._font;
  const codeSize = layout.code?.size ?? 0;
  const baseline = (courier.ascender / 1000) * codeSize;
  const height = pageOf(doc).height;
  const slots: { x: number; y: number; card: string; code: string }[] = [];
  const slotOf = (slot: number) => {
    const x = MARGIN + (slot % cols) * (cardWidth + GAP);
    const y = MARGIN + Math.floor(slot / cols) * (cardHeight + GAP);
    const ty = layout.code ? height - (y + layout.code.y) - baseline : 0;
    return {
      x,
      y,
      card: `q 1 0 0 1 ${n(x)} ${n(y)} cm /Card Do Q`,
      code: layout.code
        ? `q 1 0 0 -1 0 ${n(height)} cm BT /${courier.id} ${n(codeSize)} Tf 1 0 0 1 ${n(x + layout.code.x)} ${n(ty)} Tm <`
        : '',
    };
  };

  return (codes: readonly string[]) => {
    const page = pageOf(doc);
    page.xobjects.Card = form;
    (page as unknown as { fonts: Record<string, unknown> }).fonts[courier.id] = courier.ref();
    doc.fillColor(accent.rgb, accent.alpha);
    if (layout.qr && codes.length) {
      tiles ??= qrTilesFor(url(codes[0]!));
      const strip = Buffer.allocUnsafe(tiles.tileBytes * codes.length);
      codes.forEach((code, i) => tiles!.draw(url(code), strip, i));
      const image = doc.ref({
        Type: 'XObject',
        Subtype: 'Image',
        Width: tiles.side,
        Height: tiles.side * codes.length,
        BitsPerComponent: 1,
        ColorSpace: 'DeviceGray',
      });
      // Left as it is: the modules are near random, so deflating them took over a quarter of the drawing's
      // time for 44 % fewer bytes; without the quiet zones, 100,000 cards' PDF is 4 MB more (31 MB).
      (image as unknown as { compress: boolean }).compress = false;
      image.end(strip);
      page.xobjects.QR = image;
    }
    let ops = '';
    codes.forEach((code, slot) => {
      const at = (slots[slot] ??= slotOf(slot));
      ops += `${at.card}\n`;
      if (layout.code) ops += `${at.code}${Buffer.from(formatVoucherCode(code), 'latin1').toString('hex')}> Tj ET Q\n`;
      if (layout.qr && tiles) {
        const { size } = layout.qr;
        const qx = at.x + layout.qr.x;
        const qy = at.y + layout.qr.y;
        // The square painted light (the quiet zone), then the strip, clipped to the symbol's square inside
        // it and scaled so that this card's tile fills it; PDF images run bottom-up, so the height is
        // negative to keep them upright.
        const quiet = (size * QR_QUIET) / (tiles.side + 2 * QR_QUIET);
        const [ix, iy, inner] = [qx + quiet, qy + quiet, size - 2 * quiet];
        const stripHeight = inner * codes.length;
        const top = iy - slot * inner;
        ops += `q ${n(qx)} ${n(qy)} ${n(size)} ${n(size)} re W n 1 g ${n(qx)} ${n(qy)} ${n(size)} ${n(size)} re f ${n(ix)} ${n(iy)} ${n(inner)} ${n(inner)} re W n ${n(inner)} 0 0 ${n(-stripHeight)} ${n(ix)} ${n(top + stripHeight)} cm /QR Do Q\n`;
      }
    });
    doc.addContent(ops.slice(0, -1));
  };
}
