// Email campaigns on PostgreSQL (BENCH_DATABASE_URL; skipped without it): a site with 1,000,000 guests and
// about 5,000,000 sessions (guests-data.mjs, made on first use), a "connect, 3 days after" campaign, and the
// built server's trigger job run through its queue as of an instant: the seconds the run took to pick its
// recipients (pg-boss's started/completed times; target under 5 s), then the delivery of the picked
// recipients to a loopback SMTP server at the account's pace (10,000 a minute): emails per second and the
// server process's peak RSS growth while it sends (it reads recipients in pages: bounded).
// Usage: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/campaigns.bench.mjs
import { readFileSync } from 'node:fs';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import { generate } from './guests-data.mjs';
import { startSplashboard } from './lib.mjs';

if (!process.env.BENCH_DATABASE_URL) {
  console.log('campaigns.bench: PostgreSQL only, set BENCH_DATABASE_URL; skipped');
  process.exit(0);
}
const TARGET_PICK_SECONDS = 5;
const rssOf = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

const { url, siteId } = await generate();
const db = new pg.Client({ connectionString: url });
await db.connect();

let received = 0;
let firstAt = 0;
let lastAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      lastAt = Date.now();
      firstAt ||= lastAt;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const {
  rows: [site],
} = await db.query('select account_id from sites where id = $1', [siteId]);
await db.query(`delete from email_campaigns where site_id = $1 and name = 'campaigns.bench'`, [siteId]);
await db.query(
  `insert into account_mail_settings (account_id, smtp_host, smtp_port, smtp_security, send_rate_per_minute)
   values ($1, '127.0.0.1', $2, 'none', 10000)
   on conflict (account_id) do update set smtp_host = excluded.smtp_host, smtp_port = excluded.smtp_port,
     smtp_security = 'none', send_rate_per_minute = 10000`,
  [site.account_id, smtpPort],
);
const {
  rows: [campaign],
} = await db.query(
  `insert into email_campaigns (account_id, site_id, name, subject, active, trigger_type, trigger_param, campaign_html, start_time)
   values ($1, $2, 'campaigns.bench', 'Hello {{first_name}}', true, 'connect', 3,
     '<html><body><h1>Hi {{first_name}}</h1><p><a href="https://example.com/offer">Offer</a></p></body></html>', now() - interval '1 day')
   returning id`,
  [site.account_id, siteId],
);

const server = await startSplashboard(undefined, { DATABASE_URL: url, PUBLIC_URL: 'https://wifi.example' });
const boss = new PgBoss({ connectionString: url, schema: 'pgboss', supervise: false, migrate: false });
await boss.start();
try {
  const at = new Date().toISOString();
  const rssBefore = rssOf(server.pid, 'VmRSS');
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(server.pid, 'VmRSS'))), 50);
  await boss.send('campaigns.triggers', { at });
  let run;
  for (;;) {
    ({
      rows: [run],
    } = await db.query(
      `select state, extract(epoch from completed_on - started_on) as seconds from pgboss.job
       where name = 'campaigns.triggers' and data->>'at' = $1`,
      [at],
    ));
    if (run?.state === 'completed' || run?.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const count = async (status) =>
    Number(
      (
        await db.query('select count(*) as n from campaign_recipients where campaign_id = $1 and status = $2', [
          campaign.id,
          status,
        ])
      ).rows[0].n,
    );
  const picked = (await count('queued')) + (await count('sent')) + (await count('failed'));
  console.log(
    `trigger run (${run.state}): ${picked} recipients picked among 1,000,000 guests in ${Number(run.seconds).toFixed(2)} s`,
  );

  const deadline = Date.now() + 600_000;
  while ((await count('queued')) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  clearInterval(sampler);
  const sent = await count('sent');
  const seconds = (lastAt - firstAt) / 1000;
  console.table([
    {
      'pick s': Number(Number(run.seconds).toFixed(2)),
      picked,
      sent,
      failed: await count('failed'),
      'received by SMTP': received,
      'send s': Number(seconds.toFixed(1)),
      'emails/s': Math.round(received / Math.max(seconds, 0.001)),
      'RSS before MB': Number(mb(rssBefore)),
      'peak RSS growth MB': Number(mb(rssPeak - rssBefore)),
    },
  ]);
  if (Number(run.seconds) > TARGET_PICK_SECONDS) {
    console.log(`the pick took over ${TARGET_PICK_SECONDS} s`);
    process.exitCode = 1;
  }
} finally {
  await db.query('delete from email_campaigns where id = $1', [campaign.id]);
  await db.query('delete from account_mail_settings where account_id = $1', [site.account_id]);
  await boss.stop({ graceful: false });
  server.kill('SIGTERM');
  smtp.close();
  await db.end();
}
