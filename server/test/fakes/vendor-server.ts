/**
 * The loopback HTTP(S) server the vendor fakes share: reads each request whole (JSON when it is JSON),
 * hands it to the fake, and sends its answer. HTTPS uses the same throw-away self-signed certificate as
 * the UniFi fake, as real controllers ship with one.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSigned } from './unifi-controller.ts';

export interface VendorRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: Record<string, unknown> | null;
  /** When it arrived (epoch milliseconds): a benchmark reads the vendor's call rate from it. */
  at: number;
}

export interface VendorAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string | string[]>;
}

export class VendorServer {
  private server!: Server;
  url = '';
  constructor(
    private readonly handle: (req: VendorRequest) => VendorAnswer | Promise<VendorAnswer>,
    private readonly tls = true,
  ) {}

  async start(): Promise<this> {
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      this.serve(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    };
    this.server = this.tls ? createHttpsServer(selfSigned(), handler) : createHttpServer(handler);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `${this.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let json: Record<string, unknown> | null = null;
    try {
      json = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    const answer = await this.handle({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      raw,
      json,
      at: Date.now(),
    });
    for (const [k, v] of Object.entries(answer.headers ?? {})) res.setHeader(k, v);
    res.statusCode = answer.status ?? 200;
    if (answer.json !== undefined) {
      res.setHeader('content-type', 'application/json;charset=UTF-8');
      return res.end(JSON.stringify(answer.json));
    }
    res.end(answer.text ?? '');
  }
}

export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
