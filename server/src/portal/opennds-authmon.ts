/**
 * openNDS FAS level 3: the gateway lets guests in itself. When a guest has logged in, the openNDS adapter
 * queues the grant here (opennds_auth_queue) and the guest's browser waits on a page of ours. The
 * gateway's authmon daemon polls the site's FAS path (`POST /guest/{portalKey}/`, which openNDS builds
 * from faspath) every few seconds:
 *
 *   auth_get=clear              on authmon's start: grants queued before are stale (the gateway restarted)
 *   auth_get=view, payload none the list of grants for this gateway: "*" then rawurlencoded lines
 *   auth_get=view, payload "* rhid rhid" the grants `ndsctl auth` accepted: answered "ack"
 *   auth_get=list               the list, taken without acknowledgement (older FAS protocol)
 *   auth_get=deauthed           BinAuth's note that a client was let go: the session ends
 *   auth_get=custom             a free string from the gateway: logged
 *
 * The gateway is named by gatewayhash, sha256 of its URL-encoded GatewayName, which openNDS does not
 * key with the faskey: anyone who knows the portal key and the gateway's name can poll as it. So the
 * queue only ever holds grants of guests whose arrival decrypted with the site's faskey, a poll sees
 * and acknowledges only its own gateway's grants, and an acknowledgement counts only for grants that
 * were delivered. A forged poll can learn rhids (useful only to that gateway's `ndsctl`) or hold back a
 * guest's grant; it cannot let anyone in.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { guestLangFrom, type GuestLang } from '@splashboard/splash';
import { guestSessions, openNdsAuthQueue, sites } from '../db/schema/index.ts';
import type { Database } from '../db/client.ts';
import { ControllerError, type AuthmonGrant, type AuthmonQueue } from '../adapters/controllers/index.ts';
import {
  ackedRhids,
  authmonAnswer,
  authmonFit,
  parseAuthmonPost,
  parseFasList,
  type AuthmonPost,
} from '../adapters/controllers/opennds/opennds.ts';
import { randomToken, sha256 } from '../platform/crypto.ts';
import type { PortalDeps } from './deps.ts';
import { bareMessage, messagePage, type PortalAnswer } from './views.ts';

/** A grant the gateway has not taken by then is dropped, and the guest told. */
export const AUTHMON_WAIT_MINUTES = 5;
/** A grant delivered this many times without an acknowledgement is refused by the gateway (a stale client). */
export const AUTHMON_MAX_DELIVERIES = 10;
/**
 * authmon clears the queue when it starts, a few seconds after the gateway: grants made in the last
 * moments came through the gateway that is running now, so they are kept.
 */
export const AUTHMON_CLEAR_GRACE_MS = 15_000;
const KEEP_MS = 86_400_000;
/** How often the waiting page asks again. */
const WAIT_REFRESH_SECONDS = 2;

// Until these strings join the splash package's catalogues (they are the only level 3 ones).
const WAITING: Record<GuestLang, { title: string; body: string }> = {
  'en-US': {
    title: 'Connecting you…',
    body: 'The Wi-Fi is letting you in. This takes a few seconds; this page updates by itself.',
  },
  'es-ES': {
    title: 'Te estamos conectando…',
    body: 'La red Wi-Fi te está dando acceso. Tarda unos segundos; esta página se actualiza sola.',
  },
};

export const waitPath = (portalKey: string, token: string) => `/guest/${portalKey}/wait/${token}`;

/** Each site's queue, for the openNDS adapter (wired through the controllers). */
export function createAuthmonQueues(db: Database): (siteId: number) => AuthmonQueue {
  return (siteId) => ({
    async enqueue(grant: AuthmonGrant) {
      const [site] = await db
        .select({ accountId: sites.accountId, portalKey: sites.portalKey })
        .from(sites)
        .where(eq(sites.id, siteId));
      if (!site) throw new ControllerError('not_configured', 'The site no longer exists');
      // The adapter is not told the session: it is the one the portal just recorded (or is retrying) for this device.
      const [session] = grant.clientMac
        ? await db
            .select({ id: guestSessions.id })
            .from(guestSessions)
            .where(
              and(
                eq(guestSessions.siteId, siteId),
                eq(guestSessions.mac, grant.clientMac),
                eq(guestSessions.family, 'opennds'),
                inArray(guestSessions.grantStatus, ['pending', 'failed']),
              ),
            )
            .orderBy(desc(guestSessions.id))
            .limit(1)
        : [];
      const token = randomToken(24);
      const fresh = {
        sessionId: session?.id ?? null,
        entry: grant.entry,
        clientMac: grant.clientMac,
        gatewayAddress: grant.gatewayAddress,
        waitTokenHash: sha256(token),
        continueUrl: grant.continueUrl.slice(0, 2000),
        deliveries: 0,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + AUTHMON_WAIT_MINUTES * 60_000),
        deliveredAt: null,
        confirmedAt: null,
        droppedAt: null,
        dropReason: null,
      };
      // The same client logging in again (a retry) has the same rhid: its grant starts over.
      await db
        .insert(openNdsAuthQueue)
        .values({ accountId: site.accountId, siteId, gatewayHash: grant.gatewayHash, rhid: grant.rhid, ...fresh })
        .onConflictDoUpdate({
          target: [openNdsAuthQueue.siteId, openNdsAuthQueue.gatewayHash, openNdsAuthQueue.rhid],
          set: fresh,
        });
      return { waitUrl: waitPath(site.portalKey, token) };
    },
  });
}

// ---- The gateway's polls -----------------------------------------------------------------------

const q = openNdsAuthQueue;
const ofGateway = (siteId: number, gatewayHash: string) => and(eq(q.siteId, siteId), eq(q.gatewayHash, gatewayHash));
const pending = () => and(isNull(q.confirmedAt), isNull(q.droppedAt));

async function settleSessions(db: Database, ids: (number | null)[], outcome: 'confirmed' | 'failed', detail = '') {
  const sessionIds = ids.filter((id): id is number => id !== null);
  if (!sessionIds.length) return;
  await db
    .update(guestSessions)
    .set(
      outcome === 'confirmed'
        ? { grantStatus: 'confirmed', confirmedAt: new Date() }
        : { grantStatus: 'failed', grantDetail: detail.slice(0, 500) },
    )
    .where(and(inArray(guestSessions.id, sessionIds), inArray(guestSessions.grantStatus, ['pending', 'granted'])));
}

const DROP_DETAIL: Record<string, string> = {
  cleared: 'unreachable: the gateway restarted before it took the grant',
  expired: `timeout: the gateway did not take the grant within ${AUTHMON_WAIT_MINUTES} minutes (is authmon polling this portal?)`,
  refused: 'rejected: the gateway did not accept the grant (the client was no longer known to it)',
};

async function drop(db: Database, where: SQL | undefined, reason: keyof typeof DROP_DETAIL) {
  const dropped = await db
    .update(q)
    .set({ droppedAt: new Date(), dropReason: reason })
    .where(and(where, pending()))
    .returning({ sessionId: q.sessionId });
  await settleSessions(
    db,
    dropped.map((d) => d.sessionId),
    'failed',
    DROP_DETAIL[reason],
  );
  return dropped.length;
}

/** The grants for a gateway now, marked delivered; those that waited too long or were refused too often are dropped first. */
async function deliver(db: Database, siteId: number, gatewayHash: string): Promise<{ answer: string; ids: number[] }> {
  const now = new Date();
  await db.delete(q).where(and(ofGateway(siteId, gatewayHash), lt(q.createdAt, new Date(now.getTime() - KEEP_MS))));
  await drop(db, and(ofGateway(siteId, gatewayHash), lt(q.expiresAt, now)), 'expired');
  await drop(db, and(ofGateway(siteId, gatewayHash), gte(q.deliveries, AUTHMON_MAX_DELIVERIES)), 'refused');
  const rows = await db
    .select({ id: q.id, entry: q.entry })
    .from(q)
    .where(and(ofGateway(siteId, gatewayHash), pending()))
    .orderBy(asc(q.id))
    .limit(32);
  const sent = rows.slice(0, authmonFit(rows.map((r) => r.entry)));
  if (sent.length)
    await db
      .update(q)
      .set({ deliveries: sql`${q.deliveries} + 1`, deliveredAt: sql`coalesce(${q.deliveredAt}, now())` })
      .where(
        inArray(
          q.id,
          sent.map((r) => r.id),
        ),
      );
  return { answer: authmonAnswer(sent.map((r) => r.entry)), ids: sent.map((r) => r.id) };
}

async function confirm(db: Database, where: SQL | undefined) {
  const confirmed = await db
    .update(q)
    .set({ confirmedAt: new Date() })
    .where(and(where, pending(), isNotNull(q.deliveredAt)))
    .returning({ sessionId: q.sessionId });
  await settleSessions(
    db,
    confirmed.map((c) => c.sessionId),
    'confirmed',
  );
  return confirmed.length;
}

/** BinAuth's deauth note ("method=.., clientmac=.., ..."): the guest's session through this gateway ends. */
async function endSession(db: Database, siteId: number, post: AuthmonPost) {
  const note = parseFasList(post.payload);
  const mac = (note.get('clientmac') ?? '').toLowerCase();
  const cause = (note.get('method') ?? 'deauthed').replace(/[^\w-]/g, '').slice(0, 40) || 'deauthed';
  if (!/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(mac)) return 0;
  const [row] = await db
    .select({ sessionId: q.sessionId })
    .from(q)
    .innerJoin(guestSessions, eq(guestSessions.id, q.sessionId))
    .where(
      and(ofGateway(siteId, post.gatewayHash), eq(q.clientMac, mac), isNotNull(q.confirmedAt), isNull(guestSessions.endedAt)),
    )
    .orderBy(desc(q.confirmedAt))
    .limit(1);
  if (!row?.sessionId) return 0;
  await db.update(guestSessions).set({ endedAt: new Date(), endCause: cause }).where(eq(guestSessions.id, row.sessionId));
  return 1;
}

/** Answers one authmon request for a site's FAS path. */
export async function answerAuthmon(
  deps: Pick<PortalDeps, 'db' | 'controllers' | 'log'>,
  portalKey: string,
  body: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const { db, log } = deps;
  let post: AuthmonPost;
  try {
    post = parseAuthmonPost(body);
  } catch {
    return { status: 400, text: 'ERROR: not an authmon request' };
  }
  if (!/^[0-9a-f]{64}$/.test(post.gatewayHash)) return { status: 400, text: 'ERROR: gatewayhash is not a sha256 digest' };
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.portalKey, portalKey));
  const settings = site ? await deps.controllers.openNdsSettings(site.id) : null;
  // authmon's PHP request fails on a 4xx and authmon logs the failure in the gateway's log, where the operator looks.
  if (!site || settings?.level !== 3)
    return { status: 404, text: 'ERROR: this portal address is not set up for openNDS FAS level 3' };
  const siteId = site.id;
  const gateway = ofGateway(siteId, post.gatewayHash);

  switch (post.action) {
    case 'view': {
      if (post.payload.trim() === 'none' || post.payload.trim() === '')
        return { status: 200, text: (await deliver(db, siteId, post.gatewayHash)).answer };
      const rhids = ackedRhids(post);
      if (rhids.length) {
        const count = await confirm(db, and(gateway, inArray(q.rhid, rhids)));
        log.info(
          { siteId, gatewayHash: post.gatewayHash, acknowledged: rhids.length, confirmed: count },
          'openNDS authmon acknowledged grants',
        );
      }
      return { status: 200, text: 'ack' };
    }
    case 'list': {
      // No acknowledgement follows a list: taking the grants is all the confirmation there will be.
      const { answer, ids } = await deliver(db, siteId, post.gatewayHash);
      if (ids.length) await confirm(db, and(gateway, inArray(q.id, ids)));
      return { status: 200, text: answer };
    }
    case 'clear': {
      const cleared = await drop(db, and(gateway, lt(q.createdAt, new Date(Date.now() - AUTHMON_CLEAR_GRACE_MS))), 'cleared');
      log.info({ siteId, gatewayHash: post.gatewayHash, cleared }, 'openNDS authmon started and cleared stale grants');
      return { status: 200, text: 'ack' };
    }
    case 'deauthed': {
      const ended = await endSession(db, siteId, post);
      log.info({ siteId, gatewayHash: post.gatewayHash, ended }, 'openNDS gateway reported a client let go');
      return { status: 200, text: 'ack' };
    }
    case 'custom':
      log.info(
        { siteId, gatewayHash: post.gatewayHash, custom: post.payload.slice(0, 500) },
        'openNDS gateway sent a custom note',
      );
      return { status: 200, text: 'ack' };
  }
}

/** The route handler for authmon's POST to the FAS path. */
export const authmonHandler =
  (deps: PortalDeps) =>
  async (
    r: FastifyRequest<{ Params: Record<string, string>; Body: Record<string, string> | undefined }>,
    reply: FastifyReply,
  ) => {
    const { status, text } = await answerAuthmon(deps, r.params.key!, r.body ?? {});
    return reply.status(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
  };

// ---- The guest's waiting page --------------------------------------------------------------------

/**
 * Where the guest's browser waits while the gateway takes the grant: it refreshes itself until the
 * gateway acknowledged (connected, then on to the continue URL) or the grant was dropped (try again by
 * opening a page through the gateway, which brings the guest back to the portal).
 */
export async function waitPage(
  deps: Pick<PortalDeps, 'db' | 'snapshots'>,
  portalKey: string,
  token: string,
  acceptLanguage: string | undefined,
): Promise<PortalAnswer> {
  const lang = guestLangFrom(acceptLanguage);
  const snap = await deps.snapshots.byPortalKey(portalKey);
  const [row] =
    snap && token.length <= 100
      ? await deps.db
          .select()
          .from(q)
          .where(eq(q.waitTokenHash, sha256(token)))
      : [];
  if (!snap) return bareMessage(lang, (t) => ({ tone: 'error', title: t.siteNotReadyTitle, body: t.siteNotReadyBody }), 404);
  if (!row || row.siteId !== snap.site.id)
    return messagePage(snap, lang, (t) => ({ tone: 'info', title: t.expiredTitle, body: t.expiredBody }), 404, false);

  if (row.confirmedAt) {
    // The acknowledgement may have come before the portal recorded the session as granted.
    await settleSessions(deps.db, [row.sessionId], 'confirmed');
    const next = row.continueUrl;
    return messagePage(snap, lang, (t) => ({
      tone: 'success',
      title: t.connectedTitle,
      body: t.connectedBody,
      action: next ? { label: t.continue, href: next } : undefined,
      refresh: next ? { url: next, seconds: 3 } : undefined,
    }));
  }
  if (!row.droppedAt && row.expiresAt.getTime() < Date.now()) await drop(deps.db, eq(q.id, row.id), 'expired');
  if (row.droppedAt || row.expiresAt.getTime() < Date.now())
    return messagePage(
      snap,
      lang,
      (t) => ({
        tone: 'error',
        title: t.grantFailedTitle,
        body: t.grantFailedBody,
        action: { label: t.tryAgain, href: `http://${row.gatewayAddress}/` },
      }),
      502,
    );
  const waiting = WAITING[lang] ?? WAITING['en-US'];
  const here = waitPath(portalKey, token);
  return messagePage(snap, lang, () => ({
    tone: 'info',
    title: waiting.title,
    body: waiting.body,
    refresh: { url: here, seconds: WAIT_REFRESH_SECONDS },
  }));
}
