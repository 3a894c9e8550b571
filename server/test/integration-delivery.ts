import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FieldMapEntry } from '@splashboard/contract';
import { guests, integrationContacts, integrationDeliveries, integrations, sites } from '../src/db/schema/index.ts';
import { sealSecrets } from '../src/domains/integrations/connection.ts';
import { WebhookReceiver } from './fakes/integrations/webhook-receiver.ts';
import type { TestServer } from './harness.ts';
import { arriveFromUnifi, unifiPortalSite, type PortalSite } from './portal.ts';

/** What the delivery tests share: sites whose guests consent at login, a webhook integration, the rows to read. */
export function deliveryKit(server: () => TestServer, closers: (() => Promise<void>)[]) {
  const db = () => server().handle.db;
  return {
    db,

    /** A site whose guests log in by email with their first name, a custom field and the marketing consent box. */
    async consentSite() {
      const s = await unifiPortalSite(server(), ['email']);
      closers.push(() => s.unifi.close());
      const saved = await s.owner.put(`${s.api}/emailconfig/loginfields`, {
        login_fields: [
          { field_type: 'email', mandatory: true },
          { field_type: 'firstname' },
          { field_type: 'custom_text', title: 'Favourite drink' },
          { field_type: 'consent' },
        ],
      });
      expect(saved.status).toBe(200);
      return s;
    },

    /** The site's webhook integration, turned on now, stored as the settings page stores it (secret sealed). */
    async webhookOf(s: PortalSite, opts: { secret?: string; path?: string } = {}) {
      const receiver = await new WebhookReceiver().start();
      closers.push(() => receiver.close());
      const [site] = await db().select().from(sites).where(eq(sites.id, s.siteId));
      const fieldMap: FieldMapEntry[] = [
        { source: 'email', target: 'email' },
        { source: 'first_name', target: 'first_name' },
        { source: 'custom:Favourite drink', target: 'drink' },
        { source: 'site_name', target: 'venue' },
        { source: 'visits', target: 'visits' },
      ];
      const [row] = await db()
        .insert(integrations)
        .values({
          accountId: site!.accountId,
          siteId: s.siteId,
          kind: 'webhook',
          enabled: true,
          status: 'active',
          settings: { url: opts.path ? `${receiver.url}${opts.path}` : receiver.settings.url },
          secretsEnc: sealSecrets(server().built.ctx.secrets, {
            settings: { private_key: opts.secret ?? receiver.secret },
            oauth: null,
          }),
          fieldMap,
          enabledAt: new Date(),
          collectFrom: sql`now()`,
        })
        .returning();
      return { receiver, integration: row! };
    },

    async logsIn(s: PortalSite, email: string, consent: boolean, over: Record<string, string> = {}) {
      const { guest } = await arriveFromUnifi(server(), s);
      const form: Record<string, string> = { email, firstname: 'Ana', custom_text_2: 'Tea', ...over };
      if (consent) form.consent = 'on';
      const page = await guest.post('email', form);
      expect(page.status).toBe(200);
    },

    deliveriesOf: (integrationId: number) =>
      db()
        .select()
        .from(integrationDeliveries)
        .where(eq(integrationDeliveries.integrationId, integrationId))
        .orderBy(integrationDeliveries.id),
    contactsOf: (integrationId: number) =>
      db().select().from(integrationContacts).where(eq(integrationContacts.integrationId, integrationId)),
    integrationRow: async (id: number) => (await db().select().from(integrations).where(eq(integrations.id, id)))[0]!,
    guestOf: async (siteId: number, email: string) =>
      (
        await db()
          .select()
          .from(guests)
          .where(and(eq(guests.siteId, siteId), eq(guests.email, email)))
      )[0]!,
    /** The events the receiver took, retries of one delivery included (its `events` keeps each id once). */
    accepted: (r: WebhookReceiver) => r.requests.filter((q) => q.path === '/hooks/splashboard' && q.json?.type),
    /** Holds the integration as a running drain would (nothing is collected or sent meanwhile), or lets it go. */
    async hold(integrationId: number, held: boolean) {
      await db()
        .update(integrations)
        .set({ leaseUntil: held ? sql`now() + interval '1 hour'` : null })
        .where(eq(integrations.id, integrationId));
    },
  };
}

export const SOON = { timeout: 10_000, interval: 100 };
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
