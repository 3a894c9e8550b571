import dgram from 'node:dgram';
import radius from 'radius';
import '../../server/src/adapters/radius/codec.ts';

// What the deployment serves while faults happen: guests logging in through the portal, a gateway's
// RADIUS accounting, an operator's dashboard. Each records what was acknowledged, so the test can check
// afterwards that every acknowledged write is in the database.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface GuestOutcome {
  mac: string;
  /** Tries until the login was answered 200 (the first try is 1). */
  tries: number;
  ok: boolean;
}

/**
 * A guest's phone sent by the UniFi controller: the arrival (303 to the splash page), then the click-through
 * login. A failed try (no answer, or not the answer expected) is retried from the arrival, as a phone's user
 * would, up to `maxTries`.
 */
export async function guestLogin(base: string, unifiSite: string, mac: string, maxTries = 8): Promise<GuestOutcome> {
  for (let tries = 1; tries <= maxTries; tries++) {
    try {
      const query = new URLSearchParams({
        ap: 'f0:9f:c2:00:00:01',
        id: mac,
        t: String(Math.floor(Date.now() / 1000)),
        url: 'http://example.com/',
        ssid: 'Guest',
      });
      const arrival = await fetch(`${base}/guest/s/${unifiSite}/?${query}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      const page = arrival.headers.get('location');
      await arrival.body?.cancel();
      if (arrival.status === 303 && page) {
        const login = await fetch(new URL(`${page}clickthrough`, base), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
        });
        await login.text();
        if (login.status === 200) return { mac, tries, ok: true };
      }
    } catch {
      // No answer (the node went away mid-request): the phone tries again.
    }
    await sleep(300 * tries);
  }
  return { mac, tries: maxTries, ok: false };
}

export interface AccountingOutcome {
  sessionId: string;
  acknowledged: boolean;
  sends: number;
}

/**
 * A gateway's Accounting-Request (Start) for a new session, retransmitted unchanged every second until it
 * is answered, as gateways do (RFC 2866 2.1: the answer is the acknowledgement), at most `maxSends` times.
 */
export async function accountingStart(opts: {
  port: number;
  secret: string;
  sessionId: string;
  mac: string;
  maxSends?: number;
}): Promise<AccountingOutcome> {
  const packet = radius.encode({
    code: 'Accounting-Request',
    secret: opts.secret,
    identifier: Math.floor(Math.random() * 256),
    attributes: [
      ['Acct-Status-Type', 'Start'],
      ['Acct-Session-Id', opts.sessionId],
      ['User-Name', opts.mac],
      ['Calling-Station-Id', opts.mac],
      ['NAS-IP-Address', '127.0.0.1'],
    ] as never,
  });
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  const answered = new Promise<true>((resolve) => socket.once('message', () => resolve(true)));
  const maxSends = opts.maxSends ?? 20;
  try {
    for (let sends = 1; sends <= maxSends; sends++) {
      socket.send(packet, opts.port, '127.0.0.1');
      const done = await Promise.race([answered, sleep(1000).then(() => false as const)]);
      if (done) return { sessionId: opts.sessionId, acknowledged: true, sends };
    }
    return { sessionId: opts.sessionId, acknowledged: false, sends: maxSends };
  } finally {
    socket.close();
  }
}

/** Runs `work(i)` for i = 0, 1, 2... on `lanes` lanes at once until `stop()` says so; answers every result. */
export async function keepGoing<T>(lanes: number, stop: () => boolean, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (!stop()) results.push(await work(next++));
    }),
  );
  return results;
}
