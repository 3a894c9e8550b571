import { lookup as systemLookup, Resolver } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { readFile } from 'node:fs/promises';
import { rootCertificates } from 'node:tls';
import type { MessageCode, MessageParams } from '@splashboard/contract';

/** Where a domain proves that its requests reach this server: it must answer its token there. */
export const TOKEN_PATH_PREFIX = '/.well-known/splashboard-domain/';

export const CHECK_TIMEOUT_SECONDS = 10;

export interface DomainCheckOptions {
  /** `ip` or `ip:port`; absent: the system's resolvers. */
  dnsServers?: string[];
  /** A PEM file of authorities trusted besides the system's (a test ACME server's root). */
  caFile?: string;
  /** The CNAME target, named in the messages. */
  publicHost: string;
}

export type DomainCheckResult = { ok: true } | { ok: false; code: MessageCode; params: MessageParams };

const DNS_MISSING = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EAI_NONAME', 'EAI_NODATA', 'NXDOMAIN']);

class CheckFailure extends Error {
  constructor(
    readonly code: MessageCode,
    readonly params: MessageParams,
  ) {
    super(code);
  }
}

/** The domain's addresses, from the configured resolvers or the system's. */
async function addressesOf(domain: string, servers: string[] | undefined): Promise<string[]> {
  try {
    if (!servers?.length) return (await systemLookup(domain, { all: true })).map((a) => a.address);
    const resolver = new Resolver({ timeout: 3000, tries: 2 });
    resolver.setServers(servers);
    const v4 = await resolver.resolve4(domain).catch((err: { code?: string }) => {
      if (DNS_MISSING.has(err.code ?? '')) return [] as string[];
      throw err;
    });
    if (v4.length) return v4;
    return await resolver.resolve6(domain);
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (DNS_MISSING.has(code)) return [];
    throw new CheckFailure('customDomain.unreachable', { domain, detail: `DNS: ${code || (err as Error).message}` });
  }
}

interface Fetched {
  status: number;
  body: string;
}

/** One GET of the token path at an address, the domain as Host (and as TLS server name over HTTPS). */
function get(url: URL, address: string, ca: string[] | undefined): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const options = {
      host: address,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      path: url.pathname,
      method: 'GET',
      headers: { host: url.hostname, 'user-agent': 'Splashboard domain check' },
      agent: false as const,
      timeout: CHECK_TIMEOUT_SECONDS * 1000,
    };
    const onResponse = (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < 4096) body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    };
    const req =
      url.protocol === 'https:'
        ? httpsRequest({ ...options, servername: url.hostname, ca }, onResponse)
        : httpRequest(options, onResponse);
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end();
  });
}

const TLS_PROBLEM = /^(ERR_SSL_|ERR_TLS_|EPROTO$|ECONNRESET$|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|CERT_|HOSTNAME_MISMATCH$)/;

/**
 * Whether requests for `domain` reach this server, over HTTP (the token comes back: not just DNS), and then
 * over HTTPS with a certificate the system's roots (plus the optional CA file) trust.
 */
export async function checkDomain(domain: string, token: string, options: DomainCheckOptions): Promise<DomainCheckResult> {
  try {
    const addresses = await addressesOf(domain, options.dnsServers);
    if (!addresses.length) throw new CheckFailure('customDomain.dnsNotFound', { domain });
    const address = addresses[0]!;
    const path = `${TOKEN_PATH_PREFIX}${token}`;

    const plain = await get(new URL(`http://${domain}${path}`), address, undefined).catch(
      (err: { code?: string; message: string }) => {
        if (err.code === 'ETIMEDOUT') throw new CheckFailure('customDomain.timeout', { domain, seconds: CHECK_TIMEOUT_SECONDS });
        throw new CheckFailure('customDomain.unreachable', { domain, detail: `HTTP: ${err.code ?? err.message}` });
      },
    );
    if (plain.status !== 200 || plain.body.trim() !== token)
      throw new CheckFailure('customDomain.reachedOther', { domain, status: plain.status, target: options.publicHost });

    const extra = options.caFile ? [await readFile(options.caFile, 'utf8')] : [];
    const secure = await get(new URL(`https://${domain}${path}`), address, [...rootCertificates, ...extra]).catch(
      (err: { code?: string; message: string }) => {
        if (err.code === 'ETIMEDOUT') throw new CheckFailure('customDomain.timeout', { domain, seconds: CHECK_TIMEOUT_SECONDS });
        const detail = err.code ?? err.message;
        if (TLS_PROBLEM.test(detail) || err.code === 'ECONNREFUSED')
          throw new CheckFailure('customDomain.certificateNotIssued', { domain, detail });
        throw new CheckFailure('customDomain.unreachable', { domain, detail: `HTTPS: ${detail}` });
      },
    );
    if (secure.status !== 200 || secure.body.trim() !== token)
      throw new CheckFailure('customDomain.httpsOther', { domain, status: secure.status });
    return { ok: true };
  } catch (err) {
    if (err instanceof CheckFailure) return { ok: false, code: err.code, params: err.params };
    throw err;
  }
}
