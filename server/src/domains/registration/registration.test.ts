import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startServer, uniqueEmail, type TestServer } from '../../../test/harness.ts';
import { startSmtp, linkIn } from '../../../test/smtp.ts';
import { accounts, outboxEmails, users } from '../../db/schema/index.ts';

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

const draft = (over: Record<string, unknown> = {}) => ({
  account_name: 'Harbour Cafés',
  displayname: 'Ana Owner',
  password: 'seven77',
  confirm_password: 'seven77',
  plan_type: 'engage',
  deployment_type: 'cafe',
  account_type: 'business',
  ...over,
});

describe('registration by verified email link', () => {
  it('emails a link over SMTP, validates it, registers with it and signs in on a trial of the chosen plan', async () => {
    const email = uniqueEmail('owner');
    const c = server.client();
    const ask = await c.post('/a/api/v1/registration/email/verify', { email, plan_type: 'engage' });
    expect(ask.status).toBe(200);
    const mail = await smtp.waitFor(email);
    const link = linkIn(mail.raw);
    expect(link.startsWith('http://portal.test:8080/newapp/signup/verification/')).toBe(true);
    const token = link.split('/').at(-1)!;

    const valid = await c.post('/a/api/v1/registration/token/validate', { token });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ valid: true, email, plan_type: 'engage', registered: false });

    const reg = await c.post('/a/api/v1/registration/', draft({ token }));
    expect(reg.status).toBe(200);
    expect(reg.body.error).toBeNull();
    expect(reg.body.user).toMatchObject({
      email,
      name: 'Ana Owner',
      email_verified: true,
      sub_active: true,
      site_creation_needed: true,
      role: 'admin',
    });
    expect(reg.body.csrf_token).toBe(c.cookies.get('XSRF-TOKEN'));

    const sub = await c.get('/a/api/v1/subscription/');
    expect(sub.body).toMatchObject({ plan_type: 'engage', status: 'trialing', cancel_at_period_end: false, price: 79 });
    const days = (Date.parse(sub.body.trial_end) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const [account] = await server.handle.db
      .select()
      .from(accounts)
      .innerJoin(users, eq(users.accountId, accounts.id))
      .where(eq(users.email, email));
    expect(account!.accounts.name).toBe('Harbour Cafés');
    expect(account!.accounts.deploymentType).toBe('cafe');

    // The token is spent.
    const again = await server.client().post('/a/api/v1/registration/token/validate', { token });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Email Validation Failed (your link might have expired)');
  });

  it('refuses a made-up token with the spec message and stores nothing', async () => {
    const before = await server.handle.db.select().from(accounts);
    const res = await server.client().post('/a/api/v1/registration/', draft({ token: 'made-up' }));
    expect(res.status).toBe(422);
    expect(res.body.schema_errors.token).toEqual(['Email Validation Failed (your link might have expired)']);
    expect(await server.handle.db.select().from(accounts)).toHaveLength(before.length);
  });

  it('sends an "already registered" email instead of a link for a known address, and answers the same', async () => {
    const email = uniqueEmail('known');
    await server.client().post('/a/api/v1/registration/', draft({ email }));
    await server.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const res = await server.client().post('/a/api/v1/registration/email/verify', { email });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor(email, 15_000, 'already has an account');
    expect(mail.raw).not.toContain('/signup/verification/');
  });
});

describe('registration with a plain email, confirmed afterwards', () => {
  it('registers unverified, emails a link, and activate confirms the address and signs in', async () => {
    const email = uniqueEmail('plain');
    const reg = await server.client().post('/a/api/v1/registration/', draft({ email }));
    expect(reg.status).toBe(200);
    expect(reg.body.user.email_verified).toBe(false);
    const token = linkIn((await smtp.waitFor(email)).raw)
      .split('/')
      .at(-1)!;
    const valid = await server.client().post('/a/api/v1/registration/token/validate', { token });
    expect(valid.body.registered).toBe(true);
    const c = server.client();
    const act = await c.post('/a/api/v1/registration/activate', { token });
    expect(act.status).toBe(200);
    expect(act.body.verified).toBe(true);
    expect(act.body.user.email_verified).toBe(true);
    expect((await c.get('/a/api/v1/profile/')).body.email_verified).toBe(true);
  });

  it('retries delivery when the SMTP server refuses at first', async () => {
    const email = uniqueEmail('retry');
    smtp.state.failNext = 1;
    await server.client().post('/a/api/v1/registration/email/verify', { email });
    const mail = await smtp.waitFor(email, 40_000);
    expect(linkIn(mail.raw)).toContain('/newapp/signup/verification/');
    // The SMTP server has the message before our job hears its answer and marks the row.
    await vi.waitFor(
      async () => {
        const [row] = await server.handle.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
        expect(row!.status).toBe('sent');
        expect(row!.attempts).toBe(2);
        // Its Message-ID is the outbox row's: a send repeated after a lost answer is the same email.
        expect(mail.raw).toMatch(new RegExp(`^Message-ID: <outbox-${row!.id}@[^>]+>\r?$`, 'm'));
      },
      { timeout: 10_000, interval: 100 },
    );
  }, 60_000);
});

describe('without SMTP', () => {
  it('keeps the email in the outbox and prints it with its link on a line of its own, out of the JSON log', async () => {
    const lines: string[] = [];
    const printed: string[] = [];
    const offline = await startServer(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) }, console: { write: (text) => void printed.push(text) } },
    );
    try {
      const email = uniqueEmail('offline');
      expect((await offline.client().post('/a/api/v1/registration/email/verify', { email })).status).toBe(200);
      const [row] = await offline.handle.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
      expect(row!.status).toBe('kept');
      const link = linkIn(row!.text);
      // The log says an email was kept, without its text: the link holds a one-time token.
      const logged = lines.map((l) => JSON.parse(l) as { to?: string; msg?: string }).find((l) => l.to === email);
      expect(logged?.msg).toBe('email kept in outbox (no SMTP configured)');
      expect(lines.join('')).not.toContain(link);
      // The console shows the email, the link alone on its line, where a first-time operator can copy it.
      const block = printed.find((p) => p.includes(`To: ${email}`))!;
      expect(block.split('\n').map((l) => l.trim())).toContain(link);
      // The printed link works.
      const token = link.split('/').at(-1)!;
      expect((await offline.client().post('/a/api/v1/registration/token/validate', { token })).body.email).toBe(email);
    } finally {
      await offline.close();
    }
  });
});

describe('registration rules', () => {
  it('takes a business website typed without https:// and stores it with it; refuses what is not a website', async () => {
    const email = uniqueEmail('website');
    expect(
      (await server.client().post('/a/api/v1/registration/', draft({ email, account_url: ' cafesol.example ' }))).status,
    ).toBe(200);
    const [row] = await server.handle.db
      .select({ url: accounts.url })
      .from(accounts)
      .innerJoin(users, eq(users.accountId, accounts.id))
      .where(eq(users.email, email));
    expect(row!.url).toBe('https://cafesol.example');
    for (const account_url of ['cafe sol', 'ftp://cafesol.example', 'localhost']) {
      const other = uniqueEmail('website');
      const res = await server.client().post('/a/api/v1/registration/', draft({ email: other, account_url }));
      expect(res.status, account_url).toBe(422);
      expect(res.body.schema_errors, account_url).toEqual({
        account_url: ['Enter a website such as cafesol.example or https://cafesol.example'],
      });
      expect(await server.handle.db.select().from(users).where(eq(users.email, other)), account_url).toHaveLength(0);
    }
  });

  it('slows mass registration from one address (429) without creating the account', async () => {
    const limited = await startServer({ RATE_LIMIT_REGISTRATIONS_PER_IP: '2' });
    try {
      for (let i = 0; i < 2; i++)
        expect((await limited.client().post('/a/api/v1/registration/', draft({ email: uniqueEmail('burst') }))).status).toBe(200);
      const email = uniqueEmail('burst');
      const blocked = await limited.client().post('/a/api/v1/registration/', draft({ email }));
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });

  it('slows guessing of email links from one address (429), for a right link too, on every call that takes one', async () => {
    const limited = await startServer({ RATE_LIMIT_REGISTRATIONS_PER_IP: '3', TRUST_PROXY: 'true' });
    try {
      const c = limited.client();
      for (const path of ['token/validate', 'activate', 'token/validate'])
        expect((await c.post(`/a/api/v1/registration/${path}`, { token: `guess-${path}` })).status).toBe(422);
      await c.post('/a/api/v1/registration/email/verify', { email: uniqueEmail('guess') });
      const [email] = await limited.handle.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(1);
      const token = linkIn(email!.text).split('/').at(-1)!;
      for (const path of ['token/validate', 'activate']) {
        const blocked = await c.post(`/a/api/v1/registration/${path}`, { token });
        expect(blocked.status, path).toBe(429);
        expect(Number(blocked.headers.get('retry-after')), path).toBeGreaterThan(0);
        expect(blocked.body.message).toMatch(/Too many attempts/);
      }
      const register = await c.post('/a/api/v1/registration/', draft({ token }));
      expect(register.status).toBe(429);
      expect(Number(register.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address is not held back by these guesses.
      const other = await fetch(`${limited.url}/a/api/v1/registration/token/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ token }),
      });
      expect(other.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('checks the draft: password minimum 7, passwords must match, names required, known plan; nothing stored', async () => {
    const email = uniqueEmail('bad');
    const res = await server.client().post('/a/api/v1/registration/', {
      account_name: '',
      displayname: '',
      email,
      password: 'short',
      confirm_password: 'other',
      plan_type: 'gold',
    });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors.password).toEqual(['Password must be at least 7 characters']);
    expect(res.body.schema_errors.account_name).toBeDefined();
    expect(res.body.schema_errors.displayname).toBeDefined();
    expect(res.body.schema_errors.plan_type).toBeDefined();
    expect(await server.handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const mismatch = await server.client().post('/a/api/v1/registration/', draft({ email, confirm_password: 'seven78' }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.schema_errors.confirm_password).toEqual(['Passwords must match']);
  });

  it('refuses a second account for the same email', async () => {
    const email = uniqueEmail('dup');
    expect((await server.client().post('/a/api/v1/registration/', draft({ email }))).status).toBe(200);
    const again = await server.client().post('/a/api/v1/registration/', draft({ email: email.toUpperCase() }));
    expect(again.status).toBe(422);
    expect(again.body.schema_errors.email[0]).toMatch(/already exists/);
  });
});
