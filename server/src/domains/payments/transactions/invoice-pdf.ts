import PDFDocument from 'pdfkit';
import type { BrandingSettings } from '@splashboard/contract';
import type { Storage } from '../../../platform/storage.ts';
import type { BrandingReader } from '../../branding/branding.reader.ts';
import { WORDS, langOf, money, when, type Lang } from '../notifications/guest-texts.ts';
import type { LedgerRepo, PaymentAccountRow, RefundRow, TransactionRow } from '../ledger.repo.ts';
import type { TransactionsRepo } from './transactions.repo.ts';

export interface InvoiceInput {
  number: string;
  lang: Lang;
  timeZone: string;
  /** The operator as Branding → Invoice names them, else the site's name. */
  seller: { name: string; address: string; taxId: string; footer: string };
  /** Branding → Invoice's logo (PNG or JPEG), drawn above the seller. */
  logo?: Buffer | null;
  buyer: { name: string; email: string };
  transaction: TransactionRow;
  refunds: RefundRow[];
}

export function sellerOf(invoice: BrandingSettings['invoice'] | null, siteName: string) {
  return {
    name: invoice?.company_name || siteName,
    address: invoice?.address ?? '',
    taxId: invoice?.tax_id ?? '',
    footer: invoice?.footer_note ?? '',
  };
}

/** The images PDFKit draws: PNG and JPEG (an uploaded GIF or WebP logo is left off the invoice). */
const isDrawable = (b: Buffer) =>
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff);

export const invoiceNumberOf = (siteId: number, sequence: number) => `${siteId}-${String(sequence).padStart(6, '0')}`;

/**
 * A paid transaction's invoice, as the dashboard emails it and the customer portal shows it: its number
 * (its place among the site's paid transactions), the operator as Branding → Invoice names them (with its
 * logo, where it is one of the account's uploads), the guest, and the refunds.
 */
export async function invoiceOf(
  deps: { branding: BrandingReader; storage: Storage; transactions: TransactionsRepo; ledger: LedgerRepo },
  site: { id: number; accountId: number; name: string; timezone: string },
  account: PaymentAccountRow,
  t: TransactionRow,
  lang: string,
): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await deps.branding.payment(site.accountId, 'invoice');
  const number = invoiceNumberOf(site.id, await deps.transactions.invoiceSequence(site.id, t.id));
  const pdf = await invoicePdf({
    number,
    lang: langOf(lang),
    timeZone: site.timezone || 'UTC',
    seller: sellerOf(invoice, site.name),
    logo: invoice?.logo_image ? await deps.storage.read(invoice.logo_image) : null,
    buyer: { name: [account.firstName, account.lastName].filter(Boolean).join(' '), email: account.email },
    transaction: t,
    refunds: await deps.ledger.refundsOf([t.id]),
  });
  return { number, pdf };
}

/**
 * An invoice of one paid transaction as a PDF: number, date, the operator and the guest, the package and
 * its amount, each refund, and what is left. The platform's fee is the operator's cost, not the guest's,
 * so it is not shown.
 */
export function invoicePdf(input: InvoiceInput): Promise<Buffer> {
  const w = WORDS[input.lang].invoice;
  const t = input.transaction;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${w.title} ${input.number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const m = (amount: number) => money(amount, t.currency, input.lang);

  if (input.logo && isDrawable(input.logo)) {
    try {
      doc.image(input.logo, 50, 50, { fit: [180, 60] });
      doc.y = 120;
    } catch {
      // A file that only starts like a PNG or JPEG: the invoice goes out without the logo.
    }
  }
  doc.font('Helvetica-Bold').fontSize(20).text(input.seller.name, 50, doc.y);
  doc.font('Helvetica').fontSize(10);
  if (input.seller.address) doc.text(input.seller.address);
  if (input.seller.taxId) doc.text(`${w.taxId}: ${input.seller.taxId}`);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text(w.title);
  doc.font('Helvetica').fontSize(10);
  doc.text(`${w.number}: ${input.number}`);
  doc.text(`${w.date}: ${when(t.paidAt ?? t.createdAt, input.lang, input.timeZone)}`);
  doc.moveDown();
  doc.text(`${w.billedTo}: ${[input.buyer.name, input.buyer.email].filter(Boolean).join(' · ')}`);
  doc.moveDown(1.5);

  const line = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 50, y, { width: 360 });
    doc.text(amount, 420, y, { width: 125, align: 'right' });
    doc.moveDown(0.5);
  };
  line(w.description, w.amount, true);
  const terms = t.terms;
  line(`${t.packageName} (${w.duration(terms)}, ${w.devices(t.numDevices)})`, m(t.amount));
  for (const r of input.refunds.filter((r) => r.status !== 'failed'))
    line(`${w.refund} ${when(r.createdAt, input.lang, input.timeZone)}`, m(-r.amount));
  line(w.total, m(t.amount - input.refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0)), true);

  if (input.seller.footer) {
    doc.moveDown(2);
    doc.font('Helvetica').fontSize(9).text(input.seller.footer, 50, doc.y, { width: 495 });
  }
  doc.end();
  return done;
}
