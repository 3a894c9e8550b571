import { eq } from 'drizzle-orm';
import { CAMPAIGN_TRIGGERS_JOB } from '../src/domains/campaigns/delivery/campaign-triggers.ts';
import { emailCampaigns, sites } from '../src/db/schema/index.ts';
import type { TestServer } from './harness.ts';

/**
 * A campaign stored as the campaigns API (H1's, being built) would store it: the tests of delivery make
 * their campaigns here until that API lands, then through it.
 */
export async function storeCampaign(server: TestServer, siteId: number, over: Partial<typeof emailCampaigns.$inferInsert> = {}) {
  const [site] = await server.handle.db.select().from(sites).where(eq(sites.id, siteId));
  const [row] = await server.handle.db
    .insert(emailCampaigns)
    .values({
      accountId: site!.accountId,
      siteId,
      name: 'Welcome back',
      subject: 'Hello {{first_name}} from {{site_name}}',
      active: true,
      triggerType: 'connect',
      triggerParam: 3,
      campaignHtml:
        '<html><body><h1>Hi {{first_name}} {{last_name}}</h1><p>Visits: {{visits}}</p><p><a href="https://shop.example.com/offer?x=1&amp;y=2">Our offer</a></p></body></html>',
      startTime: new Date('2020-01-01T00:00:00Z'),
      ...over,
    })
    .returning();
  return row!;
}

/** The raw message with quoted-printable soft breaks and escapes undone (what a reader sees). */
export const decodedRaw = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/** Runs the campaign trigger job through the queue as of `at` (the clock moved, not slept), and waits until it ran. */
export async function runTriggersAt(server: TestServer, at: Date) {
  const iso = at.toISOString();
  await server.built.ctx.jobs.enqueue(CAMPAIGN_TRIGGERS_JOB, { at: iso });
  const state = async () =>
    (
      await server.handle.executeSql(`select state from pgboss.job where name = 'campaigns.triggers' and data->>'at' = $1`, [iso])
    ).rows.map((r) => r.state);
  const start = Date.now();
  while (!(await state()).includes('completed')) {
    if (Date.now() - start > 20_000) throw new Error(`trigger run at ${iso} did not complete: ${JSON.stringify(await state())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const DAY = 86_400_000;
