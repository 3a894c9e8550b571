import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
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

export interface CardSheet {
  design: VoucherDesign;
  paper: 'a4' | 'letter';
  codes: string[];
  batch: PrintedBatch;
  /** Where the vouchers work. */
  siteNames: string[];
  timeZone: string;
  logo: { data: Buffer } | null;
}

const MARGIN = VOUCHER_PAGE_MARGIN;
const GAP = VOUCHER_CARD_GAP;
/** Light modules around the symbol, as QR readers need. */
const QUIET = 4;
/** Cards drawn between two turns of the event loop, so other requests are served meanwhile. */
const CARDS_PER_TURN = 200;
/** Coordinates with two decimals, as a content stream needs no more. */
const n = (v: number) => (Math.round(v * 100) / 100).toString();
/**
 * QR options: error correction M (a printed card survives a crease), a fixed mask. Choosing the mask
 * with the lowest penalty takes 8 encodings per code, 10x the time, for a symbol every reader reads anyway.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', maskPattern: 2 } as const;

/**
 * The QR codes of a batch's cards. Every card's address has the same length, so the symbol version is
 * found once and given for the rest (the encoder otherwise tries versions for each).
 */
function qrEncoder() {
  let version: number | undefined;
  return (text: string) => {
    const qr = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { ...QR_OPTIONS, version });
    version = qr.version;
    return qr.modules;
  };
}

/**
 * The QR codes of one page as a single 1-bit grey image (0 = dark): one square tile per card, quiet zone
 * included, stacked top to bottom. Each card shows its own tile through a clip: one image object per page
 * instead of one per card.
 */
function qrStrip(modules: { size: number; data: Uint8Array }[]): { side: number; bits: Buffer } {
  const side = modules[0]!.size + 2 * QUIET;
  const rowBytes = Math.ceil(side / 8);
  const bits = Buffer.alloc(rowBytes * side * modules.length, 0xff);
  modules.forEach((m, tile) => {
    const top = tile * side + QUIET;
    for (let r = 0; r < m.size; r++)
      for (let c = 0; c < m.size; c++)
        if (m.data[r * m.size + c]) {
          const x = c + QUIET;
          bits[(top + r) * rowBytes + (x >> 3)]! &= ~(0x80 >> (x & 7));
        }
  });
  return { side, bits };
}

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
 * adds its own code and QR code. That is what lets 10,000 cards render in a couple of seconds.
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

/**
 * pdfkit hands out every object in small pieces (tens of thousands for 10,000 cards); a socket wants
 * fewer, bigger writes.
 */
function coalesce(source: Readable, size = 256 * 1024): Readable {
  const out = new PassThrough();
  let parts: Buffer[] = [];
  let length = 0;
  const flush = () => {
    if (length) out.write(Buffer.concat(parts, length));
    parts = [];
    length = 0;
  };
  source.on('data', (chunk: Buffer) => {
    parts.push(chunk);
    length += chunk.length;
    if (length >= size) flush();
  });
  source.on('end', () => {
    flush();
    out.end();
  });
  source.on('error', (err) => out.destroy(err));
  return out;
}

/**
 * The printable sheet of a batch: several cards per A4 or US Letter page, each with what the design
 * prints. Answers the PDF as a stream; pages are drawn a few hundred cards at a time, so other requests
 * are served meanwhile.
 */
export function renderCards(sheet: CardSheet): Readable {
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
  const accent = colourOf(sheet.design.accent_color);

  const run = async () => {
    doc.addPage();
    const { form, layout } = drawTemplate(doc, sheet, cardWidth, cardHeight);
    const encode = qrEncoder();
    // The code is drawn by hand: pdfkit's text() measures and kerns each string, 10,000 times over.
    doc.font(PDF_FONTS.mono);
    const courier = (doc as unknown as { _font: { id: string; ascender: number; ref(): unknown } })._font;
    const codeSize = layout.code?.size ?? 0;
    const baseline = (courier.ascender / 1000) * codeSize;
    for (let first = 0; first < sheet.codes.length; first += perPage) {
      if (first > 0) doc.addPage();
      const page = pageOf(doc);
      const codes = sheet.codes.slice(first, first + perPage);
      page.xobjects.Card = form;
      (page as unknown as { fonts: Record<string, unknown> }).fonts[courier.id] = courier.ref();
      doc.fillColor(accent.rgb, accent.alpha);
      if (layout.qr) {
        const built = qrStrip(codes.map((code) => encode(voucherQrUrl(sheet.design.qr_base_url, code))));
        const image = doc.ref({
          Type: 'XObject',
          Subtype: 'Image',
          Width: built.side,
          Height: built.side * codes.length,
          BitsPerComponent: 1,
          ColorSpace: 'DeviceGray',
        });
        image.end(built.bits);
        page.xobjects.QR = image;
      }
      const ops: string[] = [];
      codes.forEach((code, slot) => {
        const x = MARGIN + (slot % cols) * (cardWidth + GAP);
        const y = MARGIN + Math.floor(slot / cols) * (cardHeight + GAP);
        ops.push(`q 1 0 0 1 ${n(x)} ${n(y)} cm /Card Do Q`);
        if (layout.code) {
          const hex = Buffer.from(formatVoucherCode(code), 'latin1').toString('hex');
          const ty = page.height - (y + layout.code.y) - baseline;
          ops.push(
            `q 1 0 0 -1 0 ${n(page.height)} cm BT /${courier.id} ${n(codeSize)} Tf 1 0 0 1 ${n(x + layout.code.x)} ${n(ty)} Tm <${hex}> Tj ET Q`,
          );
        }
        if (layout.qr) {
          const { size } = layout.qr;
          const qx = x + layout.qr.x;
          const qy = y + layout.qr.y;
          // The strip, scaled so that this card's tile fills the square; PDF images run bottom-up, so the
          // height is negative to keep them upright.
          const height = size * codes.length;
          const top = qy - slot * size;
          ops.push(
            `q ${n(qx)} ${n(qy)} ${n(size)} ${n(size)} re W n ${n(size)} 0 0 ${n(-height)} ${n(qx)} ${n(top + height)} cm /QR Do Q`,
          );
        }
      });
      doc.addContent(ops.join('\n'));
      if (first % CARDS_PER_TURN < perPage) await new Promise((resolve) => setImmediate(resolve));
    }
    doc.end();
  };
  const out = coalesce(doc);
  run().catch((err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
