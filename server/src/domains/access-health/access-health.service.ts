import {
  GRANT_LIMITS,
  GRANT_REASONS,
  messageText,
  type GrantFilter,
  type GrantLimit,
  type GrantList,
  type GrantReason,
  type GrantStatus,
  type MessageCode,
  type UnenforcedLimit,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { createGuestSessionsRepo, type GuestSessionRow } from '../guests/guest-sessions.repo.ts';

type Row = GuestSessionRow;

const FILTERS: Record<GrantFilter, GrantStatus[] | null> = {
  all: null,
  failed: ['failed'],
  unconfirmed: ['pending', 'granted'],
  pending: ['pending'],
  granted: ['granted'],
  confirmed: ['confirmed'],
};

/** Each limit's message, with the session's own value. */
const LIMIT_MESSAGES: Record<GrantLimit, (r: Row) => { code: MessageCode; params: Record<string, number> }> = {
  session_length: (r) => ({ code: 'accessHealth.sessionLength', params: { minutes: r.minutes } }),
  upload_rate: (r) => ({ code: 'accessHealth.uploadRate', params: { kbps: r.upKbps } }),
  download_rate: (r) => ({ code: 'accessHealth.downloadRate', params: { kbps: r.downKbps } }),
  data_quota: (r) => ({ code: 'accessHealth.dataQuota', params: { mb: r.quotaMb } }),
};

/** A partial grant's limits as grant.ts keeps them (`limits: session_length,upload_rate`), worded. */
function unenforcedOf(r: Row, names: string): UnenforcedLimit[] {
  const limits = names.split(',').filter((l): l is GrantLimit => (GRANT_LIMITS as readonly string[]).includes(l));
  return limits.map((limit) => {
    const { code, params } = LIMIT_MESSAGES[limit](r);
    return { limit, code, message: messageText(code, params), params };
  });
}

/**
 * grant.ts keeps a failure as `code: message` (the ControllerError's), a partial grant as `limits: ` and
 * the limits the gateway leaves to itself (older rows: a sentence).
 */
function reasonOf(r: Row): { reason: GrantReason | null; detail: string; unenforced: UnenforcedLimit[] } {
  if (!r.grantDetail) return { reason: null, detail: '', unenforced: [] };
  const m = /^([a-z_]+): ([\s\S]*)$/.exec(r.grantDetail);
  if (m && m[1] === 'limits' && r.grantStatus !== 'failed') {
    const unenforced = unenforcedOf(r, m[2]!);
    return { reason: 'limits', detail: unenforced.map((u) => u.message).join('; '), unenforced };
  }
  if (m && (GRANT_REASONS as readonly string[]).includes(m[1]!))
    return { reason: m[1] as GrantReason, detail: m[2]!, unenforced: [] };
  if (r.grantStatus !== 'failed') return { reason: 'limits', detail: r.grantDetail, unenforced: [] };
  return { reason: 'other', detail: r.grantDetail, unenforced: [] };
}

/**
 * Access health of a site: the recent grants with what the gateway said, so an operator sees guests left
 * offline (failed) or not confirmed. Read with the router settings permission.
 */
export function createAccessHealthService({ db, sites }: Pick<AppContext, 'db'> & { sites: SiteAccess }) {
  const sessions = createGuestSessionsRepo(db);
  return {
    async grants(
      actor: Actor | null,
      siteId: number,
      q: { status: GrantFilter; days: number; page: number; per_page: number },
    ): Promise<GrantList> {
      const { row: site } = await sites.siteFor(actor, siteId, 'routersettings', 'read');
      const since = new Date(Date.now() - q.days * 86_400_000);
      const { rows, total, perStatus } = await sessions.recentGrants(siteId, since, FILTERS[q.status], q);
      const summary = { pending: 0, granted: 0, confirmed: 0, failed: 0 };
      for (const s of perStatus) if (s.status in summary) summary[s.status as GrantStatus] = s.n;
      return {
        summary,
        items: rows.map((r) => ({
          session_id: r.id,
          started_at: r.startedAt.toISOString(),
          confirmed_at: r.confirmedAt?.toISOString() ?? null,
          mac: r.mac,
          ap_mac: r.apMac,
          method: r.method,
          family: r.family,
          status: r.grantStatus as GrantStatus,
          ...reasonOf(r),
        })),
        metadata: { page: q.page, per_page: q.per_page, total },
        timezone: site.timezone,
      };
    },
  };
}
export type AccessHealthService = ReturnType<typeof createAccessHealthService>;
