/**
 * What the fake serves to people rather than programs: the hosted invoice page, the invoice PDF, and
 * the customer portal page a billing portal session opens.
 */
import type { Route } from './route.ts';
import { allowOnly, invalid, newId, required, type Obj, type Store } from './store.ts';

export interface PageAnswer {
  status: number;
  type: string;
  body: string | Buffer;
  /** Where a redirect (302) sends the browser. */
  location?: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

function html(title: string, body: string): PageAnswer {
  return {
    status: 200,
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`,
  };
}

/** A one-page PDF 1.4 naming the invoice, its lines and the amount; offsets counted so readers accept it. */
export function invoicePdf(invoice: Obj): Buffer {
  const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, (c) => `\\${c}`);
  const rows = [
    `Invoice ${invoice.number ?? invoice.id}`,
    `Status: ${invoice.status}`,
    ...(invoice.lines.data as Obj[]).map((l) => `${l.description}: ${money(l.amount, l.currency)}`),
    `Total: ${money(invoice.total, invoice.currency)}`,
    `Amount due: ${money(invoice.amount_due, invoice.currency)}`,
    `Amount paid: ${money(invoice.amount_paid, invoice.currency)}`,
  ];
  const content = ['BT', '/F1 12 Tf', '50 780 Td', '16 TL', ...rows.map((r) => `(${pdfText(r)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export function pageFor(store: Store, path: string): PageAnswer | null {
  let m = /^\/i\/([^/]+)\/pdf$/.exec(path);
  if (m) {
    const invoice = store.find(m[1]!);
    if (!invoice || invoice.object !== 'invoice') return null;
    return { status: 200, type: 'application/pdf', body: invoicePdf(invoice) };
  }
  m = /^\/i\/([^/]+)$/.exec(path);
  if (m) {
    const invoice = store.find(m[1]!);
    if (!invoice || invoice.object !== 'invoice') return null;
    const lines = (invoice.lines.data as Obj[])
      .map((l) => `<tr><td>${escape(l.description)}</td><td>${money(l.amount, l.currency)}</td></tr>`)
      .join('');
    return html(
      `Invoice ${invoice.number}`,
      `<h1>Invoice ${escape(invoice.number ?? invoice.id)}</h1><p>Status: ${invoice.status}</p><table>${lines}</table>` +
        `<p>Total: ${money(invoice.total, invoice.currency)}</p><p><a href="${escape(invoice.invoice_pdf)}">Download invoice</a></p>`,
    );
  }
  m = /^\/p\/session\/([^/]+)$/.exec(path);
  if (m) {
    const session = store.find(m[1]!);
    if (!session || session.object !== 'billing_portal.session') return null;
    const customer = store.find(session.customer) ?? {};
    const subs = store
      .all('subscription')
      .filter((s) => s.customer === session.customer)
      .map(
        (s) =>
          `<li>${escape(String(s.items.data[0]?.price?.lookup_key ?? s.id))}: ${s.status}${s.cancel_at_period_end ? ' (cancels at period end)' : ''}</li>`,
      )
      .join('');
    const invoices = store
      .all('invoice')
      .filter((i) => i.customer === session.customer && i.status !== 'draft')
      .map(
        (i) =>
          `<li><a href="${escape(i.hosted_invoice_url)}">${escape(i.number)}</a> ${money(i.total, i.currency)} ${i.status}</li>`,
      )
      .join('');
    return html(
      'Billing portal',
      `<h1>Billing portal</h1><p>${escape(String(customer.email ?? customer.name ?? session.customer))}</p>` +
        `<h2>Subscriptions</h2><ul>${subs}</ul><h2>Invoices</h2><ul>${invoices}</ul>` +
        `<p><a id="return" href="${escape(session.return_url ?? '/')}">Return to ${escape(new URL(session.return_url ?? store.url).host)}</a></p>`,
    );
  }
  return null;
}

export function portalRoutes(store: Store): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/billing_portal/sessions',
      handle: ({ params }) => {
        allowOnly(params, ['customer', 'return_url', 'configuration', 'flow_data', 'locale', 'on_behalf_of']);
        const customer = store.get('customer', required(params, 'customer'), 'customer');
        const returnUrl = params.return_url === undefined ? null : String(params.return_url);
        if (returnUrl !== null && !/^https?:\/\//.test(returnUrl)) throw invalid('Not a valid URL', 'return_url', 'url_invalid');
        const id = newId('bps');
        return store.put({
          id,
          object: 'billing_portal.session',
          configuration: (params.configuration as string | undefined) ?? 'bpc_default',
          created: store.now(),
          customer: customer.id,
          customer_account: null,
          flow: null,
          livemode: false,
          locale: params.locale ?? null,
          on_behalf_of: null,
          return_url: returnUrl,
          url: `${store.url}/p/session/${id}`,
        });
      },
    },
  ];
}
