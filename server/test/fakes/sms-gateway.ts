/**
 * A generic HTTP SMS gateway on 127.0.0.1, the kind an operator points the SMS settings at: it accepts
 * any method and path, records exactly what it received (method, path, query, headers, raw body, and
 * the body read as a form or JSON when its content type says so), and answers 200 "OK" unless told to
 * answer otherwise for the next requests: another status and body, a delay (for timeouts), or a
 * dropped connection.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  contentType: string;
  body: string;
  /** The body as fields, for application/x-www-form-urlencoded. */
  form: Record<string, string> | null;
  /** The body parsed, for application/json. */
  json: unknown;
}

export type GatewayAnswer =
  { status: number; body?: string; delayMs?: number; headers?: Record<string, string> } | { drop: true };

export interface FakeSmsGateway {
  /** http://127.0.0.1:port (no trailing slash). */
  origin: string;
  received: ReceivedSms[];
  /** Answers for the next requests, in order; once used up, requests get 200 "OK" again. */
  answerNext(...answers: GatewayAnswer[]): void;
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_ANSWER: GatewayAnswer = { status: 200, body: 'OK' };

export async function startFakeSmsGateway(): Promise<FakeSmsGateway> {
  const received: ReceivedSms[] = [];
  let queue: GatewayAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://gateway.test');
    const contentType = req.headers['content-type'] ?? '';
    received.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      contentType,
      body,
      form: contentType.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(body)) : null,
      json: contentType.startsWith('application/json') ? safeJson(body) : undefined,
    });

    const answer = queue.shift() ?? DEFAULT_ANSWER;
    if ('drop' in answer) {
      req.socket.destroy();
      return;
    }
    const respond = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    };
    if (!answer.delayMs) return respond();
    const timer = setTimeout(() => {
      timers.delete(timer);
      respond();
    }, answer.delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answerNext: (...answers) => void queue.push(...answers),
    reset() {
      received.length = 0;
      queue = [];
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
