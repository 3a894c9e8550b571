/** For the fake's own tests: a webhook receiver like our server's, verifying signatures with the official SDK. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Verifies each delivery with `secret` and answers a chosen status (400 when the signature does not match). */
export async function startReceiver(secret: string) {
  const received: Stripe.Event[] = [];
  const rejected: string[] = [];
  let answer = 200;
  const verifier = new Stripe('sk_test_unused');
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        received.push(verifier.webhooks.constructEvent(raw, String(req.headers['stripe-signature']), secret));
        res.statusCode = answer;
      } catch (error) {
        rejected.push((error as Error).message);
        res.statusCode = 400;
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    rejected,
    answerWith: (status: number) => (answer = status),
    types: () => received.map((e) => e.type),
    /** The events received about one object (`data.object.id`). */
    about: (id: string) => received.filter((e) => (e.data.object as { id?: string }).id === id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
