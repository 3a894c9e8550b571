import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { messageText, type CustomDomain, type MessageCode, type MessageParams } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { assertSitePermission, requireAdmin, type AccessMode, type Actor } from '../../platform/access.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { defineJob, defineScheduledJob } from '../../platform/jobs.ts';
import { z } from 'zod';
import type { CustomDomainRow, CustomDomainsRepo } from './custom-domains.repo.ts';
import { checkDomain, type DomainCheckOptions } from './domain-check.ts';

/** Checks one account's domain now: requests for it reach us over HTTP, then HTTPS with a valid certificate. */
export const CUSTOM_DOMAIN_CHECK_JOB = defineJob('custom-domain-check', z.object({ accountId: z.number().int().positive() }));
/** Every minute: queues the check of each domain still In Process. */
export const CUSTOM_DOMAIN_SWEEP_JOB = defineScheduledJob('custom-domain-check-in-process');

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The domain as stored (lower case, no trailing dot), or the field's message saying what is wrong with it:
 * not a host name, an IP address, one label, or this service's own host (or a name under it).
 */
export function normalizeDomain(input: string, publicHost: string): string {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  const refuse = (code: MessageCode, params?: MessageParams) => fieldError('domain', code, params);
  if (!domain) throw refuse('customDomain.required');
  if (isIP(domain.replace(/^\[|\]$/g, '')) !== 0) throw refuse('customDomain.ipAddress');
  const labels = domain.split('.');
  if (domain.length > 253 || !labels.every((l) => LABEL.test(l))) throw refuse('customDomain.notHostname');
  if (labels.length < 2) throw refuse('customDomain.singleLabel');
  // A top-level domain is never all digits (that is an address written oddly, such as 10.1).
  if (/^\d+$/.test(labels.at(-1)!)) throw refuse('customDomain.ipAddress');
  const own = publicHost.toLowerCase();
  if (domain === own || domain.endsWith(`.${own}`)) throw refuse('customDomain.ownHost', { domain });
  return domain;
}

interface StoredError {
  code: MessageCode;
  params: MessageParams;
}

function parseStoredError(text: string | null): StoredError | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as StoredError;
  } catch {
    return null;
  }
}

/** The account's white-label domain (permission branding: provider plan, admins), and its checks. */
export function createCustomDomainService({
  domains,
  jobs,
  config,
  log,
}: Pick<AppContext, 'jobs' | 'config' | 'log'> & { domains: CustomDomainsRepo }) {
  const checkOptions: DomainCheckOptions = {
    dnsServers: config.dnsServers,
    caFile: config.customDomain.caFile,
    publicHost: config.publicHost,
  };

  /** The account's branding, as the control panel's Branding pages need it (site 0: the account itself). */
  function access(actor: Actor | null, mode: AccessMode): Actor {
    const a = requireAdmin(actor);
    assertSitePermission(a, 0, 'branding', mode, new Map());
    return a;
  }

  function view(row: CustomDomainRow | null): CustomDomain {
    const error = parseStoredError(row?.lastError ?? null);
    return {
      domain: row?.domain ?? null,
      state: row ? (row.state as 'in_process' | 'enabled') : 'not_added',
      cname_target: config.publicHost,
      last_checked_at: row?.lastCheckedAt?.toISOString() ?? null,
      last_error: error ? messageText(error.code, error.params) : null,
      last_error_code: error?.code ?? null,
      last_error_params: error?.params ?? null,
      enabled_at: row?.enabledAt?.toISOString() ?? null,
    };
  }

  const queueCheck = (accountId: number) => jobs.enqueue(CUSTOM_DOMAIN_CHECK_JOB, { accountId });

  return {
    async get(actor: Actor | null) {
      const a = access(actor, 'read');
      return view(await domains.ofAccount(a.accountId));
    },

    /** Enters (or changes) the domain: In Process with a new token, and checked at once. */
    async put(actor: Actor | null, input: { domain: string }) {
      const a = access(actor, 'write');
      const domain = normalizeDomain(input.domain, config.publicHost);
      const current = await domains.ofAccount(a.accountId);
      if (current?.domain === domain) {
        if (current.state !== 'enabled') await queueCheck(a.accountId);
        return view(current);
      }
      const holder = await domains.byDomain(domain);
      if (holder && holder.accountId !== a.accountId) throw fieldError('domain', 'customDomain.taken');
      const row = await domains.replace(a.accountId, domain, randomBytes(24).toString('base64url'));
      if (!row) throw fieldError('domain', 'customDomain.taken');
      await queueCheck(a.accountId);
      return view(row);
    },

    /** Removes the domain at once: its token path and certificate answers stop with it. */
    async remove(actor: Actor | null) {
      const a = access(actor, 'write');
      await domains.remove(a.accountId);
      return view(null);
    },

    /** Queues a check now; the answer is the domain as it stands (the check's outcome shows in GET). */
    async checkNow(actor: Actor | null) {
      const a = access(actor, 'write');
      const row = await domains.ofAccount(a.accountId);
      if (!row) throw notFound('customDomain.notAdded');
      await queueCheck(a.accountId);
      return view(row);
    },

    /** The job: checks the account's domain and stores the outcome. */
    async runCheck(accountId: number) {
      const row = await domains.ofAccount(accountId);
      if (!row) return;
      const result = await checkDomain(row.domain, row.verifyToken, checkOptions);
      const at = new Date();
      if (result.ok) {
        await domains.recordCheck(row, { state: 'enabled', lastError: null, at });
        log.info({ accountId, domain: row.domain }, 'white-label domain enabled');
      } else {
        // An enabled domain stays enabled on a failed check: its certificate and requests worked.
        const lastError = JSON.stringify({ code: result.code, params: result.params } satisfies StoredError);
        await domains.recordCheck(row, { state: row.state === 'enabled' ? 'enabled' : 'in_process', lastError, at });
      }
    },

    async queueInProcess() {
      for (const row of await domains.inProcess()) await queueCheck(row.accountId);
    },

    /** What the token path answers for a host: the token when the host is the domain that has it, else null. */
    async tokenFor(host: string, token: string): Promise<string | null> {
      const row = await domains.byDomain(host.replace(/\.$/, ''));
      return row && row.verifyToken === token ? token : null;
    },

    /** Caddy's on-demand `ask`: a certificate only for a domain In Process or Enabled. */
    certificateAllowed: (domain: string) => domains.certificateAllowed(domain.trim().replace(/\.$/, '')),
  };
}
export type CustomDomainService = ReturnType<typeof createCustomDomainService>;
