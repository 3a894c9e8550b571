import { CAMPAIGN_TRIGGERS_JOB } from '../src/domains/campaigns/delivery/campaign-triggers.ts';
import type { TestClient, TestServer } from './harness.ts';

const CAMPAIGN_HTML =
  '<h1>Hi {{first_name}} {{last_name}}</h1><p>Visits: {{visits}}</p><p><a href="https://shop.example.com/offer?x=1&amp;y=2">Our offer</a></p>';

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

/** An active campaign made through the campaigns API, as an operator makes one (run now). */
export async function createCampaign(owner: TestClient, siteId: number, over: Record<string, unknown> = {}) {
  const res = await owner.post(`/s/${siteId}/api/v1/campaigns/email`, {
    name: 'Welcome back',
    subject: 'Hello {{first_name}} from {{site_name}}',
    active: true,
    trigger_type: 'connect',
    trigger_param: 3,
    campaign_html: CAMPAIGN_HTML,
    ...over,
  });
  if (res.status !== 200) throw new Error(`campaign create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}
