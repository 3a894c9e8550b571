import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guests, portalChallenges } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../../test/fakes/sms-gateway.ts';
import { arriveFromUnifi, textOf, unifiPortalSite, type PortalSite } from '../../test/portal.ts';

let server: TestServer;
let gateway: FakeSmsGateway;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
  await gateway?.close();
});

async function phoneSite(withGateway = true) {
  const s = await unifiPortalSite(server, ['phone']);
  fakes.push(s);
  await s.owner.put(`/s/api/v1/site/${s.siteId}/general`, {
    name: 'Cafe',
    currency: 'EUR',
    default_countrycode: 'ES',
    timezone: 'Europe/Madrid',
    validate_email: false,
  });
  if (withGateway) {
    const saved = await s.owner.put(`${s.api}/smsgateway/`, {
      enabled: true,
      url: `${gateway.origin}/send`,
      request_type: 'post',
      auth_type: 'none',
      number_param: 'to',
      message_param: 'text',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  await s.owner.put(`${s.api}/phoneconfig/`, { sms_text: 'Tu código Wi-Fi: {code}' });
  return s;
}
const lastCode = (to: string) => {
  const sms = gateway.received.filter((r) => r.form?.to === to).at(-1);
  return /(\d{6})/.exec(sms?.form?.text ?? '')?.[1] ?? '';
};

describe('phone login with a code by SMS', () => {
  it('sends a code through the site gateway, refuses a wrong one, and connects with the right one', async () => {
    const s = await phoneSite();
    const { guest } = await arriveFromUnifi(server, s);
    const sent = await guest.post('phone', { phonenumber: '612 34 56 78' });
    expect(sent.status).toBe(303);
    expect(sent.location).toMatch(/\/phone\/code\/[\w-]+$/);
    const code = lastCode('+34612345678');
    expect(code).toMatch(/^\d{6}$/);
    expect(gateway.received.at(-1)!.form!.text).toBe(`Tu código Wi-Fi: ${code}`);

    const codePage = await guest.get(sent.location!);
    expect(textOf(codePage.html)).toContain('We sent a code to +34612345678');
    const wrong = await guest.post(sent.location!, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(textOf(wrong.html)).toContain('The code you have entered is invalid/expired. Please try again.');
    const right = await guest.post(sent.location!, { code });
    expect(right.status).toBe(200);
    expect(textOf(right.html)).toContain('You are connected');
    const [g] = await server.handle.db.select().from(guests).where(eq(guests.siteId, s.siteId));
    expect(g).toMatchObject({ identity: 'phone:+34612345678', phone: '+34612345678', lastMethod: 'phone' });
    // The code is good once.
    expect((await guest.post(sent.location!, { code })).status).toBe(410);
  });

  it('stops guessing after five wrong codes', async () => {
    const s = await phoneSite();
    const { guest } = await arriveFromUnifi(server, s);
    const sent = await guest.post('phone', { phonenumber: '+34 622 000 111' });
    const code = lastCode('+34622000111');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await guest.post(sent.location!, { code: wrong })).status).toBe(422);
    const fifth = await guest.post(sent.location!, { code: wrong });
    expect(fifth.status).toBe(429);
    expect(Number(fifth.retryAfter)).toBeGreaterThan(0);
    const right = await guest.post(sent.location!, { code });
    expect(right.status).toBe(429);
    expect(Number(right.retryAfter)).toBeGreaterThan(0);
    expect(s.unifi.commands).toHaveLength(0);
  });

  it('sends again after a pause, at most three codes, and slows sends per number', async () => {
    const s = await phoneSite();
    const { guest } = await arriveFromUnifi(server, s);
    const sent = await guest.post('phone', { phonenumber: '+34633000222' });
    const tooSoon = await guest.post(`${sent.location!}/resend`, {});
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.retryAfter)).toBeGreaterThan(0);
    expect(Number(tooSoon.retryAfter)).toBeLessThanOrEqual(30);
    await server.handle.db.update(portalChallenges).set({ lastSentAt: new Date(Date.now() - 60_000) });
    const resent = await guest.post(`${sent.location!}/resend`, {});
    expect(resent.status).toBe(200);
    expect(gateway.received.filter((r) => r.form?.to === '+34633000222')).toHaveLength(2);
    // Only the newest code works.
    expect((await guest.post(sent.location!, { code: lastCode('+34633000222') })).status).toBe(200);

    for (let i = 0; i < 4; i++) await (await arriveFromUnifi(server, s)).guest.post('phone', { phonenumber: '+34633000222' });
    const sixth = await (await arriveFromUnifi(server, s)).guest.post('phone', { phonenumber: '+34633000222' });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.retryAfter)).toBeGreaterThan(0);
  });

  it('says so when the gateway fails or is not set up, and keeps the number typed', async () => {
    const s = await phoneSite();
    const { guest } = await arriveFromUnifi(server, s);
    gateway.answerNext({ status: 400, body: 'bad number' });
    const failed = await guest.post('phone', { phonenumber: '+34644000333' });
    expect(failed.status).toBe(502);
    expect(textOf(failed.html)).toContain('Failed to send SMS');
    expect(failed.html).toContain('value="+34644000333"');

    const bare = await phoneSite(false);
    const noGateway = await (await arriveFromUnifi(server, bare)).guest.post('phone', { phonenumber: '+34644000444' });
    expect(noGateway.status).toBe(503);
    expect(textOf(noGateway.html)).toContain('Text messages are not set up for this Wi-Fi');
  });

  it('checks the number against the site country', async () => {
    const s = await phoneSite();
    const { guest } = await arriveFromUnifi(server, s);
    const bad = await guest.post('phone', { phonenumber: '12345' });
    expect(bad.status).toBe(422);
    expect(textOf(bad.html)).toContain('Enter a valid phone number');
  });

  it('without verification, takes the number and connects', async () => {
    const s = await phoneSite(false);
    await s.owner.put(`${s.api}/phoneconfig/`, { enable_verification: false });
    const done = await (await arriveFromUnifi(server, s)).guest.post('phone', { phonenumber: '655 000 555' });
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('You are connected');
  });
});
