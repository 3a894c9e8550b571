import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

/**
 * `yes`: the domain names a mail server (MX, or an address to fall back to, RFC 5321 section 5.1).
 * `no`: DNS says it cannot receive mail (no such domain, no records, or a null MX, RFC 7505).
 * `unknown`: DNS did not answer; the portal lets the guest through, so a dead resolver never locks anyone out.
 */
export type MailVerdict = 'yes' | 'no' | 'unknown';

export interface EmailDomainChecker {
  canReceiveMail(email: string): Promise<MailVerdict>;
}

export interface EmailDomainCheckerOptions {
  /** `ip` or `ip:port` (`[v6]:port`); empty or absent: the system's resolvers. */
  servers?: string[];
  /** Per query. Default 3 s. */
  timeoutMs?: number;
  /** How long an answer is remembered. Default 10 minutes. */
  cacheMs?: number;
  /** Domains remembered at most; the oldest go first. Default 1000. */
  cacheSize?: number;
}

// What c-ares reports for an answer that exists and says "nothing here"; anything else is a failure to ask.
const NO_SUCH_DOMAIN = 'ENOTFOUND';
const NO_DATA = 'ENODATA';

type Lookup = { kind: 'found'; values: string[] } | { kind: 'no_domain' | 'no_data' | 'failed' };

export function createEmailDomainChecker(options: EmailDomainCheckerOptions = {}): EmailDomainChecker {
  const timeoutMs = options.timeoutMs ?? 3000;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (options.servers?.length) resolver.setServers(options.servers);
  const cacheMs = options.cacheMs ?? 10 * 60_000;
  const cacheSize = options.cacheSize ?? 1000;
  const cache = new Map<string, { verdict: MailVerdict; expiresAt: number }>();
  const inFlight = new Map<string, Promise<MailVerdict>>();

  async function lookup(ask: () => Promise<string[]>): Promise<Lookup> {
    try {
      const values = await ask();
      return values.length ? { kind: 'found', values } : { kind: 'no_data' };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === NO_SUCH_DOMAIN) return { kind: 'no_domain' };
      if (code === NO_DATA) return { kind: 'no_data' };
      return { kind: 'failed' };
    }
  }

  async function check(domain: string): Promise<MailVerdict> {
    const mx = await lookup(async () => (await resolver.resolveMx(domain)).map((r) => r.exchange.replace(/\.$/, '')));
    if (mx.kind === 'found') return mx.values.some((exchange) => exchange !== '') ? 'yes' : 'no';
    if (mx.kind === 'no_domain') return 'no';
    if (mx.kind === 'failed') return 'unknown';
    const [v4, v6] = await Promise.all([lookup(() => resolver.resolve4(domain)), lookup(() => resolver.resolve6(domain))]);
    if (v4.kind === 'found' || v6.kind === 'found') return 'yes';
    return v4.kind === 'failed' || v6.kind === 'failed' ? 'unknown' : 'no';
  }

  function remember(domain: string, verdict: MailVerdict) {
    // A resolver that failed once may answer the next guest; only real answers are kept.
    if (verdict === 'unknown') return;
    cache.delete(domain);
    cache.set(domain, { verdict, expiresAt: Date.now() + cacheMs });
    while (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
  }

  return {
    async canReceiveMail(email) {
      const domain = domainOf(email);
      if (domain === null) return 'no';
      if (domain === 'literal') return 'unknown';
      const cached = cache.get(domain);
      if (cached && cached.expiresAt > Date.now()) return cached.verdict;
      let pending = inFlight.get(domain);
      if (!pending) {
        pending = check(domain)
          .then((verdict) => {
            remember(domain, verdict);
            return verdict;
          })
          .finally(() => inFlight.delete(domain));
        inFlight.set(domain, pending);
      }
      // c-ares may overshoot its timeout, and an MX answer with no data costs a second round (A/AAAA):
      // the guest waits at most timeoutMs; a late answer still fills the cache for the next one.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<MailVerdict>((resolve) => {
        timer = setTimeout(() => resolve('unknown'), timeoutMs);
      });
      return Promise.race([pending, deadline]).finally(() => clearTimeout(timer));
    },
  };
}

/** The ASCII (punycode) domain of an address; `literal` for `user@[192.0.2.1]`; null when there is none. */
function domainOf(email: string): string | 'literal' | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const raw = email.slice(at + 1).trim();
  if (raw.startsWith('[') && raw.endsWith(']')) return 'literal';
  if (isIP(raw)) return 'literal';
  const domain = domainToASCII(raw.replace(/\.$/, '')).toLowerCase();
  if (!domain || domain.length > 253 || !domain.includes('.')) return null;
  return domain;
}
