/**
 * openNDS FAS level 3: the gateway lets guests in itself. When a guest has logged in, the openNDS adapter
 * queues the grant (AuthmonQueue) and the guest's browser waits on a page of the portal. The gateway's
 * authmon daemon polls the site's FAS path (`POST /guest/{portalKey}/`, which openNDS builds from
 * faspath) every few seconds:
 *
 *   auth_get=clear              on authmon's start: the gateway (re)started, so grants queued before are stale
 *                               and the clients it had let in are gone (openNDS keeps none across a restart)
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
 * were delivered. A forged poll can learn rhids (useful only to that gateway's `ndsctl`), hold back a
 * guest's grant, or end sessions in the portal's records (a deauth note or a restart): it cannot let
 * anyone in, nor put anyone out of the gateway.
 */
import { ackedRhids, authmonAnswer, authmonFit, parseAuthmonPost, parseFasList, type AuthmonPost } from './opennds.ts';

/** Where the answers' notes go (the server's log). */
export interface AuthmonLog {
  info(fields: object, message: string): void;
}

/** The grants of a gateway's polls, kept by the server (domains/opennds/opennds-authmon.ts). */
export interface AuthmonStore {
  /** The site whose FAS path this portal key is, when it is set up for level 3. */
  level3Site(portalKey: string): Promise<number | null>;
  /** The gateway's pending grants now, oldest first (those that waited or were refused too long dropped first). */
  deliverable(siteId: number, gatewayHash: string): Promise<{ id: number; entry: string }[]>;
  markDelivered(ids: number[]): Promise<void>;
  /** The gateway took these delivered grants: how many were confirmed. */
  confirm(siteId: number, gatewayHash: string, which: { rhids: string[] } | { ids: number[] }): Promise<number>;
  /** authmon started: the grants queued before it are dropped; how many. */
  clear(siteId: number, gatewayHash: string): Promise<number>;
  /** The gateway restarted: every running session it let in ends with the cause; how many. */
  endAllSessions(siteId: number, gatewayHash: string, cause: string): Promise<number>;
  /** The device's session through this gateway ends: how many did (0 or 1). */
  endSession(siteId: number, gatewayHash: string, mac: string, cause: string): Promise<number>;
}

/** The grants for a gateway now, marked delivered, as authmon's answer. */
async function deliver(store: AuthmonStore, siteId: number, gatewayHash: string): Promise<{ answer: string; ids: number[] }> {
  const rows = await store.deliverable(siteId, gatewayHash);
  const sent = rows.slice(0, authmonFit(rows.map((r) => r.entry)));
  if (sent.length) await store.markDelivered(sent.map((r) => r.id));
  return { answer: authmonAnswer(sent.map((r) => r.entry)), ids: sent.map((r) => r.id) };
}

/** BinAuth's deauth note ("method=.., clientmac=.., ..."): the guest's session through this gateway ends. */
async function endSession(store: AuthmonStore, siteId: number, post: AuthmonPost) {
  const note = parseFasList(post.payload);
  const mac = (note.get('clientmac') ?? '').toLowerCase();
  const cause = (note.get('method') ?? 'deauthed').replace(/[^\w-]/g, '').slice(0, 40) || 'deauthed';
  if (!/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(mac)) return 0;
  return store.endSession(siteId, post.gatewayHash, mac, cause);
}

/** Answers one authmon request for a site's FAS path. */
export async function answerAuthmon(
  store: AuthmonStore,
  log: AuthmonLog,
  portalKey: string,
  body: Record<string, string>,
): Promise<{ status: number; text: string }> {
  let post: AuthmonPost;
  try {
    post = parseAuthmonPost(body);
  } catch {
    return { status: 400, text: 'ERROR: not an authmon request' };
  }
  if (!/^[0-9a-f]{64}$/.test(post.gatewayHash)) return { status: 400, text: 'ERROR: gatewayhash is not a sha256 digest' };
  const siteId = await store.level3Site(portalKey);
  // authmon's PHP request fails on a 4xx and authmon logs the failure in the gateway's log, where the operator looks.
  if (siteId === null) return { status: 404, text: 'ERROR: this portal address is not set up for openNDS FAS level 3' };
  const gatewayHash = post.gatewayHash;

  switch (post.action) {
    case 'view': {
      if (post.payload.trim() === 'none' || post.payload.trim() === '')
        return { status: 200, text: (await deliver(store, siteId, gatewayHash)).answer };
      const rhids = ackedRhids(post);
      if (rhids.length) {
        const count = await store.confirm(siteId, gatewayHash, { rhids });
        log.info({ siteId, gatewayHash, acknowledged: rhids.length, confirmed: count }, 'openNDS authmon acknowledged grants');
      }
      return { status: 200, text: 'ack' };
    }
    case 'list': {
      // No acknowledgement follows a list: taking the grants is all the confirmation there will be.
      const { answer, ids } = await deliver(store, siteId, gatewayHash);
      if (ids.length) await store.confirm(siteId, gatewayHash, { ids });
      return { status: 200, text: answer };
    }
    case 'clear': {
      const cleared = await store.clear(siteId, gatewayHash);
      const ended = await store.endAllSessions(siteId, gatewayHash, 'gateway_restarted');
      log.info({ siteId, gatewayHash, cleared, ended }, 'openNDS authmon started: stale grants cleared, earlier sessions ended');
      return { status: 200, text: 'ack' };
    }
    case 'deauthed': {
      const ended = await endSession(store, siteId, post);
      log.info({ siteId, gatewayHash, ended }, 'openNDS gateway reported a client let go');
      return { status: 200, text: 'ack' };
    }
    case 'custom':
      log.info({ siteId, gatewayHash, custom: post.payload.slice(0, 500) }, 'openNDS gateway sent a custom note');
      return { status: 200, text: 'ack' };
  }
}
