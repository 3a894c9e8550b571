import { INTEGRATIONS, type FieldMapEntry, type IntegrationKind } from '@splashboard/contract';
import {
  VendorError,
  type ContactOutcome,
  type LoginNotice,
  type VendorAdapter,
  type VendorConnection,
  type VendorContact,
} from '../../../adapters/integrations/index.ts';
import { withCallPolicy } from '../../../adapters/integrations/vendor-http.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { IntegrationRow, IntegrationsRepo } from '../integrations.repo.ts';
import { AUTH_PAUSE_SECONDS, MAX_ATTEMPTS, retryDelaySeconds } from './backoff.ts';
import type { CollectorRepo, DeliveryGuest } from './collector.repo.ts';
import type { ContactsRepo } from './contacts.repo.ts';
import type { DeliveriesRepo, DeliveryRow } from './deliveries.repo.ts';
import { applyFieldMap } from './field-map.ts';

export interface SendDeps {
  log: FastifyBaseLogger;
  collector: CollectorRepo;
  deliveries: DeliveriesRepo;
  contacts: ContactsRepo;
  integrations: Pick<IntegrationsRepo, 'markStatus'>;
}

/** One claimed delivery ready to go: the contact (or notice) it sends. */
interface Item {
  row: DeliveryRow;
  contact: VendorContact;
  notice?: LoginNotice;
}

/** One call to the vendor and the deliveries it carries. */
interface Call {
  items: Item[];
  run(): Promise<ContactOutcome[]>;
}

const EVENTS = { login: 'guest.login', upsert: 'guest.login', unsubscribe: 'guest.unsubscribed', erase: 'guest.erased' } as const;

/**
 * Sends one claimed batch of an integration's deliveries and records each outcome: the guests of
 * upserts and logins read now (an erased one or one who withdrew consent is skipped, never sent), the
 * calls paced, and failures turned into retries, parking or a paused integration.
 */
export function createBatchSender(
  deps: SendDeps,
  ctx: {
    row: IntegrationRow;
    adapter: VendorAdapter;
    conn: () => Promise<VendorConnection>;
    pace: () => Promise<void>;
    /** The operator's URL may not reach a private address (connection.ts mustStayPublic). */
    publicOnly: boolean;
  },
) {
  const { deliveries, contacts, log } = deps;
  const kind = ctx.row.kind as IntegrationKind;
  const descriptor = INTEGRATIONS[kind];
  const notifies = descriptor.transport === 'webhook' || descriptor.transport === 'teams';
  const map: readonly FieldMapEntry[] = !descriptor.maps
    ? []
    : ctx.row.fieldMap.length
      ? ctx.row.fieldMap
      : ctx.adapter.defaultFieldMap;
  let siteName: string | undefined;

  async function items(batch: DeliveryRow[]): Promise<Item[]> {
    const ids = [...new Set(batch.flatMap((r) => (r.guestId !== null && r.action !== 'erase' ? [r.guestId] : [])))];
    const [guests, vendorIds] = await Promise.all([
      deps.collector.guestsOf(ctx.row.siteId, ids),
      deps.contacts.vendorIds(ctx.row.id, ids),
    ]);
    siteName ??= guests.values().next().value?.siteName ?? (await deps.collector.siteName(ctx.row.siteId));
    const out: Item[] = [];
    for (const row of batch) {
      const guest = row.guestId !== null && row.action !== 'erase' ? guests.get(row.guestId) : undefined;
      if (row.action === 'upsert' || row.action === 'login') {
        if (!guest) await deliveries.finish([row.id], 'skipped', 'guest erased');
        else if (!guest.marketingConsent) await deliveries.finish([row.id], 'skipped', 'consent withdrawn');
        else out.push(item(row, guest, vendorIds.get(guest.id) ?? null));
        continue;
      }
      if (!guest && !row.contact) {
        await deliveries.finish([row.id], 'skipped', 'guest erased');
        continue;
      }
      out.push(item(row, guest, row.contact?.vendorId ?? (guest ? (vendorIds.get(guest.id) ?? null) : null)));
    }
    return out;
  }

  function item(row: DeliveryRow, guest: DeliveryGuest | undefined, vendorId: string | null): Item {
    const sending = row.action === 'upsert' || row.action === 'login';
    const fields = guest && sending ? applyFieldMap(map, guest) : {};
    const contact: VendorContact = {
      guestId: row.action === 'erase' ? null : row.guestId,
      email: guest?.email ?? row.contact?.email ?? null,
      phone: guest?.phone ?? row.contact?.phone ?? null,
      fields,
      vendorId,
      consentAt: sending ? (row.seenAt ?? guest!.lastSeenAt).toISOString() : null,
    };
    if (!notifies) return { row, contact };
    const notice: LoginNotice = {
      id: `dlv_${row.id}`,
      event: EVENTS[row.action as keyof typeof EVENTS],
      site: { id: row.siteId, name: siteName ?? '' },
      guest: {
        id: row.guestId,
        email: contact.email,
        phone: contact.phone,
        first_name: guest?.firstName ?? null,
        last_name: guest?.lastName ?? null,
        visits: guest?.visits ?? null,
        login_method: guest?.lastMethod ?? null,
        marketing_consent: sending,
        fields,
      },
      at: (sending ? (row.seenAt ?? row.createdAt) : row.createdAt).toISOString(),
    };
    return { row, contact, notice };
  }

  /** The calls a batch makes: notices together (webhook, Teams), upserts together, one call per unsubscribe or erasure. */
  async function calls(list: Item[]): Promise<Call[]> {
    const { adapter } = ctx;
    const { notify, upsert } = adapter;
    if (notifies) {
      const notices = list.map((i) => i.notice!);
      if (notify && list.length) return [{ items: list, run: async () => notify.call(adapter, await ctx.conn(), notices) }];
      await cannot(list, 'notify');
      return [];
    }
    const out: Call[] = [];
    const upserts = list.filter((i) => i.row.action === 'upsert');
    const contactsOf = upserts.map((i) => i.contact);
    if (upserts.length && upsert)
      out.push({ items: upserts, run: async () => upsert.call(adapter, await ctx.conn(), contactsOf) });
    for (const i of list) {
      const method = i.row.action === 'unsubscribe' ? adapter.unsubscribe : i.row.action === 'erase' ? adapter.erase : undefined;
      if (i.row.action === 'upsert' && upsert) continue;
      if (!method) {
        await cannot([i], i.row.action);
        continue;
      }
      const call = method.bind(adapter);
      out.push({ items: [i], run: async () => [await call(await ctx.conn(), i.contact)] });
    }
    return out;
  }

  /** What the adapter has no call for is skipped with why (never left claimed). */
  async function cannot(list: Item[], what: string) {
    await deliveries.finish(
      list.map((i) => i.row.id),
      'skipped',
      `${descriptor.name} cannot ${what} through its API`,
    );
  }

  // The contact is written before the delivery's status: a log line that says delivered or parked is complete.
  async function recordOk(i: Item, outcome: Extract<ContactOutcome, { ok: true }>) {
    const known = { email: i.contact.email, phone: i.contact.phone, vendorId: outcome.vendorId ?? i.contact.vendorId };
    if (i.row.action === 'erase') await contacts.forget(i.row.id);
    else await contacts.record(i.row.id, i.row.action === 'unsubscribe' ? 'unsubscribed' : 'synced', known);
    await deliveries.delivered(i.row.id, outcome.httpStatus ?? null, outcome.answer ?? null);
  }

  /** Parked for good: the vendor will not have this contact until a new login (or a resend). */
  async function park(list: Item[], answer: string, httpStatus: number | null) {
    for (const i of list)
      if (i.row.action === 'upsert' || i.row.action === 'login')
        await contacts.record(i.row.id, 'parked', {
          email: i.contact.email,
          phone: i.contact.phone,
          vendorId: i.contact.vendorId,
        });
    await deliveries.finish(
      list.map((i) => i.row.id),
      'parked',
      answer,
      httpStatus,
    );
  }

  /** What a failed call means for its deliveries; answers whether the integration is paused (the batch stops). */
  async function failed(list: Item[], thrown: unknown): Promise<boolean> {
    const err =
      thrown instanceof VendorError
        ? thrown
        : new VendorError('unavailable', thrown instanceof Error ? thrown.message.slice(0, 300) : String(thrown));
    if (!(thrown instanceof VendorError))
      log.warn({ err: thrown, integration: ctx.row.id, deliveries: list.map((i) => i.row.id) }, 'integration delivery failed');
    const httpStatus = err.info.httpStatus ?? null;
    if (err.temporary) {
      // A 429: no call to the vendor before its Retry-After (written first, like everything a log line implies).
      if (err.reason === 'rate_limited') await deliveries.pause(ctx.row.id, retryDelaySeconds(1, err.info.retryAfterSeconds));
      const spent = list.filter((i) => i.row.attempts >= MAX_ATTEMPTS);
      await park(spent, `gave up after ${MAX_ATTEMPTS} attempts: ${err.detail}`, httpStatus);
      for (const i of list.filter((x) => x.row.attempts < MAX_ATTEMPTS))
        await deliveries.retryLater(
          [i.row.id],
          retryDelaySeconds(i.row.attempts, err.info.retryAfterSeconds),
          err.detail,
          httpStatus,
        );
      return err.reason === 'rate_limited';
    }
    await deps.integrations.markStatus(ctx.row.id, 'failing', err.detail);
    if (err.reason === 'auth') {
      await deliveries.pause(ctx.row.id, AUTH_PAUSE_SECONDS);
      await deliveries.requeue(
        list.map((i) => i.row.id),
        0,
        err.detail,
        httpStatus,
      );
      return true;
    }
    await park(list, err.detail, httpStatus);
    return false;
  }

  /** Sends the batch; answers whether the integration is now paused. */
  return async function send(batch: DeliveryRow[]): Promise<boolean> {
    const pending = await calls(await items(batch));
    let delivered = false;
    for (const [n, call] of pending.entries()) {
      let outcomes: ContactOutcome[];
      try {
        outcomes = await withCallPolicy({ pace: ctx.pace, publicOnly: ctx.publicOnly }, () => call.run());
      } catch (err) {
        if (!(await failed(call.items, err))) continue;
        // Paused: what this batch has not sent yet waits in the queue, its try not counted.
        const rest = pending.slice(n + 1).flatMap((c) => c.items.map((i) => i.row.id));
        await deliveries.requeue(rest, 0, 'waiting for the vendor', null);
        return true;
      }
      for (const [k, i] of call.items.entries()) {
        const outcome = outcomes[k] ?? { ok: false as const, answer: 'the vendor gave no answer for this contact' };
        if (outcome.ok) {
          delivered = true;
          await recordOk(i, outcome);
        } else await park([i], outcome.answer, outcome.httpStatus ?? null);
      }
    }
    if (delivered && ctx.row.status !== 'active') await deps.integrations.markStatus(ctx.row.id, 'active', null);
    return false;
  };
}
