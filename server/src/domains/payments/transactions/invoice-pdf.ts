import PDFDocument from 'pdfkit';
import type { BrandingSettings } from '@splashboard/contract';
import { WORDS, money, when, type Lang } from '../notifications/guest-texts.ts';
import type { RefundRow, TransactionRow } from '../ledger.repo.ts';

export interface InvoiceInput {
  number: string;
  lang: Lang;
  timeZone: string;
  /** The operator as Branding → Invoice names them, else the site's name. */
  seller: { name: string; address: string; taxId: string; footer: string };
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

  doc.font('Helvetica-Bold').fontSize(20).text(input.seller.name);
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
