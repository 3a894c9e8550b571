import type { ContactOutcome, VendorAdapter, VendorConnection, VendorContact } from '../vendor.ts';
import { VendorError } from '../vendor.ts';
import { failure, vendorRequest, type VendorResponse } from '../vendor-http.ts';

/**
 * iContact API 2.2 (JSON). Docs followed:
 * - https://kb.icontact.com/hc/en-us/articles/360047224352-Documentation-iContact-API (headers API-Version,
 *   API-AppId, API-Username, API-Password; request limits: 75,000 calls a day, 10,000 an hour: we pace at 2/s)
 * - https://kb.icontact.com/hc/en-us/articles/360046954672-Contacts-iContact-API (POST …/contacts creates new
 *   contacts or modifies existing ones: one contact per email, the answer lists those saved and `warnings`
 *   for those refused; DELETE …/contacts/{contactId}; GET …/contacts?email=…&status=total)
 * - https://kb.icontact.com/hc/en-us/articles/360047450911-Subscriptions-iContact-API (POST …/subscriptions
 *   `[{contactId, listId, status:'normal'}]`; POST …/subscriptions/{listId}_{contactId} `{status:'unsubscribed'}`)
 * iContact documents no maximum of contacts per POST: 100 keeps one call small (batchSize).
 * The client folder is the account's first (GET /icp/a/{accountId}/c), looked up once per call.
 * Plain HTTP through vendor-http.ts: iContact publishes no Node SDK.
 */

const headers = (conn: VendorConnection) => ({
  accept: 'application/json',
  'content-type': 'application/json',
  'api-version': '2.2',
  'api-appid': conn.settings.api_key ?? '',
  'api-username': conn.settings.username ?? '',
  'api-password': conn.settings.private_key ?? '',
});

const accountBase = (conn: VendorConnection) =>
  `${conn.origin('https://app.icontact.com')}/icp/a/${encodeURIComponent(conn.settings.account_id ?? '')}`;

/** iContact answers errors as `{errors: ['…']}`. */
function icFailure(res: VendorResponse, what: string) {
  const errors = (res.json as { errors?: unknown[] } | null)?.errors;
  const words = Array.isArray(errors) ? errors.filter((e) => typeof e === 'string').join('; ') : '';
  return failure(words ? { ...res, json: { message: words } } : res, what);
}

async function call(conn: VendorConnection, url: string, what: string, method = 'GET', body?: unknown) {
  const res = await vendorRequest(url, {
    method,
    headers: headers(conn),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status < 200 || res.status >= 300) throw icFailure(res, what);
  return res.json as Record<string, unknown> | null;
}

/** The base of the account's first client folder. */
async function folderBase(conn: VendorConnection): Promise<string> {
  const base = accountBase(conn);
  const body = (await call(conn, `${base}/c/`, 'account')) as { clientfolders?: { clientFolderId: string | number }[] } | null;
  const folder = body?.clientfolders?.[0];
  if (!folder) throw new VendorError('not_found', 'the account has no client folder', { what: 'client folder' });
  return `${base}/c/${folder.clientFolderId}`;
}

interface IcContact {
  contactId: string | number;
  email: string;
}

async function contactIdOf(conn: VendorConnection, base: string, contact: VendorContact): Promise<string | null> {
  if (contact.vendorId) return contact.vendorId;
  if (!contact.email) return null;
  const body = (await call(conn, `${base}/contacts?status=total&email=${encodeURIComponent(contact.email)}`, 'contact')) as {
    contacts?: IcContact[];
  } | null;
  const found = body?.contacts?.find((c) => c.email.toLowerCase() === contact.email!.toLowerCase());
  return found ? String(found.contactId) : null;
}

export const icontactAdapter: VendorAdapter = {
  kind: 'icontact',
  batchSize: 100,
  callsPerSecond: 2,
  defaultFieldMap: [
    { source: 'email', target: 'email' },
    { source: 'first_name', target: 'firstName' },
    { source: 'last_name', target: 'lastName' },
    { source: 'phone', target: 'phone' },
    { source: 'postcode', target: 'zip' },
  ],

  /** The account's client folder and its lists: the list of the settings must be one of them. */
  async test(conn) {
    const base = await folderBase(conn);
    const body = (await call(conn, `${base}/lists`, 'list')) as { lists?: { listId: string | number; name: string }[] } | null;
    const lists = (body?.lists ?? []).map((l) => ({ id: String(l.listId), name: l.name }));
    if (!lists.some((l) => l.id === conn.settings.list_id))
      throw new VendorError('not_found', `no list ${conn.settings.list_id ?? ''}`, { what: 'list' });
    return { account: `iContact account ${conn.settings.account_id}`, lists };
  },

  async upsert(conn, contacts) {
    const base = await folderBase(conn);
    const sent = contacts.map((c) => ({ ...c.fields, email: c.email ?? '' }));
    const body = (await call(conn, `${base}/contacts`, 'contact', 'POST', sent)) as {
      contacts?: IcContact[];
      warnings?: string[];
    } | null;
    const saved = new Map((body?.contacts ?? []).map((c) => [c.email.toLowerCase(), String(c.contactId)]));
    const warnings = body?.warnings ?? [];
    const ids = contacts.map((c) => saved.get((c.email ?? '').toLowerCase()) ?? null);
    const listed = ids.filter((id): id is string => id !== null);
    if (listed.length)
      await call(
        conn,
        `${base}/subscriptions`,
        'list',
        'POST',
        listed.map((contactId) => ({ contactId, listId: conn.settings.list_id, status: 'normal' })),
      );
    return contacts.map((c, i): ContactOutcome => {
      const id = ids[i];
      if (id) return { ok: true, vendorId: id };
      const email = (c.email ?? '').toLowerCase();
      const why = warnings.find((w) => w.toLowerCase().includes(email)) ?? warnings[0] ?? 'iContact did not save this contact';
      return { ok: false, answer: why };
    });
  },

  async unsubscribe(conn, contact) {
    const base = await folderBase(conn);
    const id = await contactIdOf(conn, base, contact);
    if (!id) return { ok: true, answer: 'not at iContact' };
    await call(conn, `${base}/subscriptions/${conn.settings.list_id}_${id}`, 'subscription', 'POST', { status: 'unsubscribed' });
    return { ok: true, vendorId: id };
  },

  async erase(conn, contact) {
    const base = await folderBase(conn);
    const id = await contactIdOf(conn, base, contact);
    if (!id) return { ok: true, answer: 'not at iContact' };
    const res = await vendorRequest(`${base}/contacts/${id}`, { method: 'DELETE', headers: headers(conn) });
    // Already gone is what an erasure wants.
    if ((res.status >= 200 && res.status < 300) || res.status === 404) return { ok: true, httpStatus: res.status };
    throw icFailure(res, 'contact');
  },
};
