import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';

/** The PostgreSQL channel every process sends its changes on and listens to. */
export const CHANGES_CHANNEL = 'splashboard_changes';
/** Names the listening connection in pg_stat_activity (and lets the tests cut it). */
export const LISTENER_APPLICATION_NAME = 'splashboard-changes';

/** A change another process's caches must drop: what kind of thing, and which. */
export type ChangeNotice = { kind: 'site'; id: number };

const wire = z.object({ o: z.string(), k: z.literal('site'), id: z.number().int() });

export interface NoticeRelay {
  /** Fire and forget: a notice that cannot be sent is logged, and the others' cache time bounds the delay. */
  send(notice: ChangeNotice): void;
  /** `missed`: called on every (re)connection, since notices sent while not listening are lost. */
  start(handlers: { notice(n: ChangeNotice): void; missed(): void }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Notices between processes on one PostgreSQL: sent with pg_notify through the pool, heard on one
 * dedicated connection that LISTENs, and is opened again with backoff (and checked every `heartbeatMs`,
 * as a connection cut without a word looks alive) when it is lost. A process ignores its own notices: it
 * has told its caches already.
 */
export function createPgNoticeRelay(opts: {
  url: string;
  log: FastifyBaseLogger;
  send(text: string, values: unknown[]): Promise<unknown>;
  firstRetryMs?: number;
  maxRetryMs?: number;
  heartbeatMs?: number;
}): NoticeRelay {
  const { url, log } = opts;
  const firstRetryMs = opts.firstRetryMs ?? 250;
  const maxRetryMs = opts.maxRetryMs ?? 30_000;
  const origin = randomBytes(9).toString('base64url');
  let handlers: Parameters<NoticeRelay['start']>[0] | null = null;
  let client: pg.Client | null = null;
  let stopped = true;
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  function heard(payload: string | undefined) {
    let parsed;
    try {
      parsed = wire.safeParse(JSON.parse(payload ?? ''));
    } catch {
      return;
    }
    if (!parsed.success || parsed.data.o === origin) return;
    handlers?.notice({ kind: parsed.data.k, id: parsed.data.id });
  }

  async function connect() {
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
      // The heartbeat's answer: a connection that does not answer within this time is taken for lost.
      query_timeout: 10_000,
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === CHANGES_CHANNEL) heard(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end();
      return;
    }
    client = c;
    retryMs = firstRetryMs;
    handlers?.missed();
  }

  function lost(c: pg.Client, err?: Error) {
    if (client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err }, 'the connection that hears other processes’ changes was lost; opening it again');
    reconnectLater();
  }

  function reconnectLater() {
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect().catch((err: unknown) => {
        retryMs = Math.min(retryMs * 2, maxRetryMs);
        log.warn({ err, retryMs }, 'cannot listen for other processes’ changes yet; trying again');
        if (!stopped) reconnectLater();
      });
    }, retryMs);
    retry.unref();
  }

  return {
    send(notice) {
      const payload = JSON.stringify({ o: origin, k: notice.kind, id: notice.id });
      opts.send('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]).catch((err: unknown) => {
        log.warn({ err, notice }, 'a change could not be told to the other processes (they see it within their cache time)');
      });
    },
    async start(h) {
      handlers = h;
      stopped = false;
      try {
        await connect();
      } catch (err) {
        log.warn({ err }, 'cannot listen for other processes’ changes yet; trying again');
        reconnectLater();
      }
      heartbeat = setInterval(() => {
        const c = client;
        c?.query('select 1').catch((err: Error) => lost(c, err));
      }, opts.heartbeatMs ?? 30_000);
      heartbeat.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
