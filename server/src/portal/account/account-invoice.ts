import type { FastifyReply } from 'fastify';
import { createBrandingReader } from '../../domains/branding/branding.reader.ts';
import type { PaymentAccountRow } from '../../domains/payments/ledger.repo.ts';
import { invoiceOf } from '../../domains/payments/transactions/invoice-pdf.ts';
import { createTransactionsRepo } from '../../domains/payments/transactions/transactions.repo.ts';
import type { PortalDeps } from '../deps.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';

/**
 * The invoice of one of the signed-in guest's paid transactions, as the dashboard sends it (the ledger's PDF:
 * the operator's invoice branding, the number of its place among the site's paid transactions, refunds):
 * false when the transaction is not theirs or not paid (the caller answers 404).
 */
export async function sendInvoice(
  deps: PortalDeps,
  reply: FastifyReply,
  snap: SiteSnapshot,
  account: PaymentAccountRow,
  transactionId: number,
  lang: string,
): Promise<boolean> {
  const t = await deps.payments.ledger.transactionById(transactionId, snap.site.id);
  if (!t || t.paymentAccountId !== account.id || t.status !== 'succeeded' || t.amount <= 0) return false;
  const branding = createBrandingReader(deps.db, {
    publicUrl: deps.config.publicUrl,
    billingEnabled: deps.config.stripe.enabled,
  });
  const transactions = createTransactionsRepo(deps.db);
  const { number, pdf } = await invoiceOf(
    { branding, storage: deps.storage, transactions, ledger: deps.payments.ledger },
    snap.site,
    account,
    t,
    lang,
  );
  await reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="invoice-${number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
  return true;
}
