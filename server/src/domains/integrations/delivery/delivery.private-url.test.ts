import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.ts';
import { SOON, deliveryKit } from '../../../../test/integration-delivery.ts';

/** A server as in production: an operator's URL may not reach inside its network, even one stored before. */
let server: TestServer;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await startServer({ INTEGRATIONS_POLL_MS: '200', INTEGRATIONS_ALLOW_PRIVATE_URLS: 'false' });
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await server?.close();
});
const { consentSite, webhookOf, logsIn, deliveriesOf } = deliveryKit(() => server, closers);

describe('an operator URL that reaches a private address', () => {
  it('is refused when the delivery is sent: parked with why, and nothing reaches the address', async () => {
    const s = await consentSite();
    const { receiver, integration } = await webhookOf(s);
    await logsIn(s, 'inside@example.com', true);

    await expect.poll(async () => (await deliveriesOf(integration.id))[0]?.status, SOON).toBe('parked');
    const [row] = await deliveriesOf(integration.id);
    expect(row!.answer).toBe('127.0.0.1 is a private network address: refused');
    expect(receiver.requests).toEqual([]);
  });
});
