import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerAccount, startServer, uniqueEmail, type TestServer } from '../../../test/harness.ts';
import { startSmtp, linkIn } from '../../../test/smtp.ts';
import { oneTimeTokens, users } from '../../db/schema/index.ts';
import { sha256 } from '../../platform/crypto.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test:8080' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const SENT = { status: 200, message: 'We have sent you an email with a link to continue.' };
const tokenOf = (raw: string) => linkIn(raw).split('/').at(-1)!;
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
async function expire(token: string) {
  await server.handle.db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.id, sha256(token)));
}
/** Waits for the n-th email to an address. */
async function nthMail(email: string, n: number) {
  for (let i = 0; i < 150 && mailsTo(email).length < n; i++) await new Promise((r) => setTimeout(r, 100));
  const mail = mailsTo(email)[n - 1];
  if (!mail) throw new Error(`no email ${n} for ${email}`);
  return mail;
}

describe('a new verification link for an expired one', () => {
  it('is sent, signed out, to the address the expired link was for, and the new link works', async () => {
    const email = uniqueEmail('late');
    const c = server.client();
    await c.post('/a/api/v1/registration/email/verify', { email, plan_type: 'collect' });
    const old = tokenOf((await nthMail(email, 1)).raw);
    await expire(old);
    expect((await c.post('/a/api/v1/registration/token/validate', { token: old })).body.code).toBe(
      'common.emailValidationFailed',
    );

    const resend = await server.client().post('/a/api/v1/registration/email/resend', { token: old });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual(SENT);
    const fresh = tokenOf((await nthMail(email, 2)).raw);
    expect(fresh).not.toBe(old);
    const valid = await c.post('/a/api/v1/registration/token/validate', { token: fresh });
    expect(valid.body).toEqual({ valid: true, email, plan_type: 'collect', registered: false });
    expect((await c.post('/a/api/v1/registration/token/validate', { token: old })).status).toBe(422);
  });

  it('is sent to a signed-in user whose link expired, and the new link verifies the account', async () => {
    const { client, email } = await registerAccount(server);
    const old = tokenOf((await nthMail(email, 1)).raw);
    await expire(old);
    expect((await client.post('/a/api/v1/registration/activate', { token: old })).status).toBe(422);
    expect((await client.post('/a/api/v1/registration/email/resend', { token: old })).body).toEqual(SENT);
    const fresh = tokenOf((await nthMail(email, 2)).raw);
    const activated = await client.post('/a/api/v1/registration/activate', { token: fresh });
    expect(activated.status).toBe(200);
    expect(activated.body.verified).toBe(true);
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerified).toBe(true);
  });

  it('answers the same for a link that was never ours, and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await server.client().post('/a/api/v1/registration/email/resend', { token: 'never-issued-token' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SENT);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.length).toBe(before);
  });

  it('is rate limited per address it goes to and per client address (429 with Retry-After)', async () => {
    const email = uniqueEmail('often');
    const c = server.client();
    await c.post('/a/api/v1/registration/email/verify', { email });
    const old = tokenOf((await nthMail(email, 1)).raw);
    // Five emails per address per window: the first request and four resends.
    for (let i = 0; i < 4; i++) expect((await c.post('/a/api/v1/registration/email/resend', { token: old })).status).toBe(200);
    const blocked = await c.post('/a/api/v1/registration/email/resend', { token: old });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.code).toBe('common.rateLimited');
    await nthMail(email, 5);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toHaveLength(5);

    const limited = await startServer({ RATE_LIMIT_REGISTRATIONS_PER_IP: '2' });
    try {
      const lc = limited.client();
      for (let i = 0; i < 2; i++)
        expect((await lc.post('/a/api/v1/registration/email/resend', { token: `guess-${i}` })).status).toBe(200);
      const held = await lc.post('/a/api/v1/registration/email/resend', { token: 'guess-3' });
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
