/**
 * openNDS Forwarding Authentication Service (FAS), as openNDS 9.x (Debian's `opennds`) does it.
 *
 * The gateway redirects the guest's browser to our portal with:
 *   level 0: `authaction=http://<gw>/opennds_auth/?clientip=..&gatewayname=..&tok=..&redir=..`
 *            (authaction is not URL-encoded, so its own query arrives as separate parameters);
 *   level 1: `fas=<base64 of "hid=.., clientip=.., clientmac=.., gatewayaddress=.., originurl=.., ...">`
 *            (standard base64, not URL-escaped: a `+` arrives as a space);
 *   level 2: `fas=..&iv=..`, the same list encrypted with AES-256-CBC under the shared faskey;
 *   level 3: as level 2, but access is granted by the gateway's authmon polling the portal.
 * The portal grants levels 0-2 by sending the browser to
 * `http://<gatewayaddress>/<authdir>/?tok=<tok>&redir=<url>`; tok is the raw `tok` at level 0 and
 * sha256 hex of (hid + faskey) at levels 1-2. At level 3 it queues the grant (AuthmonQueue) for the
 * gateway's authmon daemon, which polls the FAS path with `auth_get` and `gatewayhash` (sha256 hex of the
 * gateway's URL-encoded GatewayName: openNDS 9.10 main.c, not keyed with the faskey) and runs
 * `ndsctl auth` for each line it is given.
 *
 * The level 2 cipher is what the openNDS 9.10 binary runs through `php-cli` (its embedded script):
 *   $iv = substr(openssl_digest(base64_encode(random 8 bytes), "sha256"), 0, 16);
 *   $fas = base64_encode(openssl_encrypt($string, "aes-256-cbc", $faskey, 0, $iv));
 * openssl_encrypt with options 0 already answers base64, so the ciphertext is base64 twice; the key
 * is the faskey's bytes padded with NULs to 32 (PHP's rule); the IV is the 16 ASCII characters
 * themselves, not hex-decoded. /etc/opennds/fas-aes.php decrypts the same way.
 */
import { createDecipheriv, createHash } from 'node:crypto';
import {
  ControllerError,
  normalizeMac,
  queryToMap,
  type ControllerAdapter,
  type ControllerStatus,
  type GrantRequest,
  type GrantResult,
  type GuestArrival,
  type QueryInput,
  type StatusReport,
  checkLimits,
  limitsSet,
} from '../controller.ts';

export type FasLevel = 0 | 1 | 2 | 3;

export interface OpenNdsSettings {
  /** openNDS `fas_secure_enabled`. */
  level: FasLevel;
  /** openNDS `faskey`; required from level 1. */
  faskey?: string;
}

export interface OpenNdsGatewayData {
  [key: string]: string | number | boolean | null;
  level: FasLevel;
  /** `host:port` the guest's browser reaches the gateway at (openNDS `gatewayaddress`). */
  gatewayAddress: string;
  /** The gateway's auth path, `opennds_auth` unless it says otherwise. */
  authDir: string;
  /** Level 0: the client token as sent. */
  tok: string | null;
  /** Levels 1-3: the hashed client token the grant token is derived from. */
  hid: string | null;
  gatewayName: string | null;
  /** Levels 1-3: sha256 hex of the gateway name as sent (URL-encoded), the gatewayhash authmon polls with. */
  gatewayHash: string | null;
  gatewayMac: string | null;
  /** openNDS `clientif`: the interface(s) the client is on (zones). */
  clientIf: string | null;
  version: string | null;
}

export type OpenNdsArrival = GuestArrival<OpenNdsGatewayData>;

const bad = (message: string) => new ControllerError('bad_arrival', message);

/** `host` or `host:port`, no path or credentials: the grant URL is built from it. */
const HOST_PORT =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function fixBase64(value: string): string {
  // The gateway does not URL-escape its base64, so a '+' has become a space on the way.
  return value.replace(/ /g, '+');
}

/** PHP's openssl_* rule for a key or IV of the wrong length: pad with NUL bytes, or cut. */
function phpSized(value: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  Buffer.from(value, 'utf8').copy(out, 0, 0, size);
  return out;
}

/** Decrypts a level 2/3 `fas` parameter to the "key=value, key=value" list. */
export function decryptFas(fas: string, iv: string, faskey: string): string {
  try {
    const inner = Buffer.from(fixBase64(fas), 'base64').toString('latin1');
    const ciphertext = Buffer.from(inner, 'base64');
    const decipher = createDecipheriv('aes-256-cbc', phpSized(faskey, 32), phpSized(iv, 16));
    const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    if (!plain.includes('=')) throw new Error('no parameters');
    return plain;
  } catch {
    throw bad('The gateway parameters could not be decrypted: check that the faskey matches the gateway');
  }
}

/** "hid=.., clientip=.., ..." to a map; values keep any ", " beyond the first '='. */
export function parseFasList(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(', ')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

function decodeUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const orNull = (v: string | undefined) => (v && v !== '(null)' ? v : null);

/** Reads the gateway's redirect to the portal. The faskey is needed from level 2 on. */
export function parseOpenNdsArrival(query: QueryInput, settings: OpenNdsSettings): OpenNdsArrival {
  const q = queryToMap(query);
  const fas = q.get('fas');
  if (fas) {
    const iv = q.get('iv');
    let level: FasLevel;
    let text: string;
    if (iv) {
      if (!settings.faskey) throw bad('The gateway sent encrypted parameters (FAS level 2 or 3) but no faskey is configured');
      text = decryptFas(fas, iv, settings.faskey);
      level = settings.level === 3 ? 3 : 2;
    } else {
      text = Buffer.from(fixBase64(fas), 'base64').toString('utf8');
      level = 1;
    }
    if (settings.level !== level && !(level === 2 && settings.level === 3)) {
      throw bad(`The gateway uses FAS level ${level} but this site is set to level ${settings.level}`);
    }
    const p = parseFasList(text);
    const hid = p.get('hid');
    if (!hid || !/^[0-9a-f]{64}$/i.test(hid)) throw bad('The gateway parameters carry no valid hid');
    const gatewayAddress = p.get('gatewayaddress') ?? '';
    if (!HOST_PORT.test(gatewayAddress)) throw bad('The gateway parameters carry no valid gatewayaddress');
    const authDir = orNull(p.get('authdir')) ?? 'opennds_auth';
    if (!/^[\w.-]+$/.test(authDir)) throw bad('The gateway parameters carry an invalid authdir');
    const rawName = orNull(p.get('gatewayname'));
    return {
      family: 'opennds',
      clientMac: normalizeMac(p.get('clientmac')),
      apMac: null,
      clientIp: orNull(p.get('clientip')),
      originalUrl: decodeUrl(orNull(p.get('originurl')) ?? undefined),
      ssid: null,
      gateway: {
        level,
        gatewayAddress,
        authDir,
        tok: null,
        hid: hid.toLowerCase(),
        gatewayName: decodeUrl(rawName ?? undefined),
        gatewayHash: rawName ? gatewayHashOf(rawName) : null,
        gatewayMac: normalizeMac(p.get('gatewaymac')),
        clientIf: orNull(p.get('clientif')),
        version: orNull(p.get('version')),
      },
    };
  }

  const authaction = q.get('authaction');
  const tok = q.get('tok');
  if (!authaction || !tok) throw bad('This is not an openNDS redirect: neither fas nor authaction and tok are present');
  if (settings.level !== 0) throw bad(`The gateway uses FAS level 0 but this site is set to level ${settings.level}`);
  let action: URL;
  try {
    action = new URL(authaction);
  } catch {
    throw bad('The gateway sent an authaction that is not a URL');
  }
  if (action.protocol !== 'http:' || !HOST_PORT.test(action.host) || action.username || action.password) {
    throw bad('The gateway sent an authaction that is not an http address of a gateway');
  }
  const authDir = action.pathname.replace(/^\/+|\/+$/g, '') || 'opennds_auth';
  if (!/^[\w.-]+$/.test(authDir)) throw bad('The gateway sent an authaction with an invalid path');
  if (!/^[\w-]{1,128}$/.test(tok)) throw bad('The gateway sent an invalid tok');
  return {
    family: 'opennds',
    clientMac: normalizeMac(q.get('clientmac')),
    apMac: null,
    // clientip is inside authaction's own query, the rest are separate parameters.
    clientIp: q.get('clientip') ?? action.searchParams.get('clientip') ?? null,
    originalUrl: q.get('redir') || null,
    ssid: null,
    gateway: {
      level: 0,
      gatewayAddress: action.host,
      authDir,
      tok,
      hid: null,
      gatewayName: q.get('gatewayname') ?? action.searchParams.get('gatewayname') ?? null,
      gatewayHash: null,
      gatewayMac: null,
      clientIf: null,
      version: null,
    },
  };
}

/**
 * What authmon sends as gatewayhash: openNDS hashes its URL-encoded GatewayName (the same text it puts
 * in the `gatewayname` parameter), with no key. It names a gateway; it proves nothing.
 */
export function gatewayHashOf(urlEncodedName: string): string {
  return createHash('sha256').update(urlEncodedName).digest('hex');
}

/** The grant token at levels 1-3: sha256 hex of hid followed by the faskey (openNDS `rhid`). */
export function grantToken(hid: string, faskey: string): string {
  return createHash('sha256')
    .update(hid.trim() + faskey.trim())
    .digest('hex');
}

/** Where the guest's browser must go to be let through (levels 0-2). Always carries redir: openNDS 9.10 crashes without it on a bad tok. */
export function grantUrl(arrival: OpenNdsArrival, faskey: string | undefined, redir: string): string {
  const g = arrival.gateway;
  let tok: string;
  if (g.level === 0) {
    if (!g.tok) throw bad('The arrival carries no tok');
    tok = g.tok;
  } else {
    if (!g.hid) throw bad('The arrival carries no hid');
    if (!faskey) throw new ControllerError('not_configured', 'The faskey is not configured');
    tok = grantToken(g.hid, faskey);
  }
  return `http://${g.gatewayAddress}/${g.authDir}/?${new URLSearchParams({ tok, redir }).toString()}`;
}

// ---- Level 3: authmon ----------------------------------------------------------------------

/**
 * One line of the auth list authmon fetches: `rhid sessionminutes uploadrate downloadrate uploadquota
 * downloadquota custom`, rates in kb/s and quotas in kB, 0 meaning the gateway's default; custom is
 * base64 (openNDS passes it to BinAuth). From the openNDS FAS example fas-aes-https.php.
 */
export function authmonEntry(hid: string, faskey: string, request: Pick<GrantRequest, 'limits'>, custom = ''): string {
  const l = checkLimits(request.limits);
  const quotaKB = l.quotaMB * 1000;
  // openNDS counts kB both ways separately; the product's quota is total, so each direction gets it.
  return [
    grantToken(hid, faskey),
    l.minutes,
    l.upKbps,
    l.downKbps,
    quotaKB,
    quotaKB,
    Buffer.from(custom || 'none').toString('base64'),
  ].join(' ');
}

export interface AuthmonPost {
  action: 'list' | 'view' | 'clear' | 'deauthed' | 'custom';
  gatewayHash: string;
  /** The decoded payload: for `view`, "none" or the list of acknowledged rhids. */
  payload: string;
}

/** Reads authmon's form POST (`auth_get`, `gatewayhash`, `payload` base64). */
export function parseAuthmonPost(body: QueryInput): AuthmonPost {
  const q = queryToMap(body);
  const action = q.get('auth_get');
  const gatewayHash = q.get('gatewayhash');
  if (!action || !['list', 'view', 'clear', 'deauthed', 'custom'].includes(action) || !gatewayHash) {
    throw bad('Not an authmon request');
  }
  return {
    action: action as AuthmonPost['action'],
    gatewayHash,
    payload: Buffer.from(fixBase64(q.get('payload') ?? ''), 'base64').toString('utf8'),
  };
}

/** The rhids authmon acknowledges in a `view` payload (the first token is its "*" marker). */
export function ackedRhids(post: AuthmonPost): string[] {
  if (post.action !== 'view' || post.payload === 'none') return [];
  return post.payload
    .split(/\s+/)
    .map((s) => s.replace(/^\*/, ''))
    .filter((s) => /^[0-9a-f]{64}$/.test(s));
}

/** authmon reads at most this many characters of a list after its leading "* " (`${authlist:2:1024}`). */
export const AUTHMON_LIST_CHARS = 1024;

/** How many of the entries, in order, fit whole in one answer. */
export function authmonFit(entries: string[]): number {
  let length = -1;
  for (let i = 0; i < entries.length; i++) {
    length += 1 + encodeURIComponent(entries[i]!.trim()).length;
    if (length > AUTHMON_LIST_CHARS) return i;
  }
  return entries.length;
}

/**
 * The answer body for `list` and `view`: "*" then each entry rawurlencoded, space separated; only the
 * entries that fit whole (a cut entry would reach `ndsctl auth` mangled). The rest wait for the next poll.
 */
export function authmonAnswer(entries: string[]): string {
  return ['*', ...entries.slice(0, authmonFit(entries)).map((e) => encodeURIComponent(e.trim()))].join(' ');
}

/** A level 3 grant for the portal to keep until the gateway's authmon takes it. */
export interface AuthmonGrant {
  /** Whom authmon polls as (gatewayhash). */
  gatewayHash: string;
  /** sha256 hex of (hid + faskey): the name `ndsctl auth` and the acknowledgement use. */
  rhid: string;
  /** The auth list line (authmonEntry). */
  entry: string;
  clientMac: string | null;
  gatewayAddress: string;
  /** Where the guest goes once connected. */
  continueUrl: string;
}

/** Keeps level 3 grants for authmon; answers where the guest's browser waits for the gateway. */
export interface AuthmonQueue {
  enqueue(grant: AuthmonGrant): Promise<{ waitUrl: string }>;
}

// ---- The adapter ---------------------------------------------------------------------------

export class OpenNdsGateway implements ControllerAdapter {
  readonly family = 'opennds' as const;
  /** `authmon` keeps level 3 grants; without it level 3 cannot grant. */
  constructor(
    private readonly settings: OpenNdsSettings,
    private readonly authmon?: AuthmonQueue,
  ) {}

  parseArrival(query: QueryInput): GuestArrival {
    return parseOpenNdsArrival(query, this.settings);
  }

  async grantAccess(request: GrantRequest): Promise<GrantResult> {
    checkLimits(request.limits);
    if (request.arrival.family !== 'opennds') throw bad('This arrival did not come from an openNDS gateway');
    const arrival = request.arrival as OpenNdsArrival;
    if (this.settings.level === 3) return this.queueForAuthmon(arrival, request);
    const redir = request.returnUrl || request.continueUrl || arrival.originalUrl || `http://${arrival.gateway.gatewayAddress}/`;
    // Levels 0-2 carry no limits: openNDS 9.10 takes only tok, redir and custom from the browser, and only a
    // BinAuth script on the gateway could turn custom into limits (http_microhttpd.c authenticate_client). The
    // gateway's own sessiontimeout, rates and quotas apply: every limit of the login is left to it.
    return {
      kind: 'redirect',
      url: grantUrl(arrival, this.settings.faskey, redir),
      limitsApplied: false,
      unenforced: limitsSet(request.limits),
    };
  }

  /**
   * Level 3: the gateway takes the grant itself (authmon), with the limits; the guest's browser waits on
   * a portal page meanwhile, as nothing it could open would let it through.
   */
  private async queueForAuthmon(arrival: OpenNdsArrival, request: GrantRequest): Promise<GrantResult> {
    const g = arrival.gateway;
    if (!this.authmon)
      throw new ControllerError('unsupported', 'FAS level 3 needs the portal to keep grants for authmon, and it has none here');
    if (!this.settings.faskey) throw new ControllerError('not_configured', 'The faskey is not configured');
    if (!g.hid || !g.gatewayHash) throw bad('The arrival carries no hid or gateway name: it did not come from FAS level 3');
    const { waitUrl } = await this.authmon.enqueue({
      gatewayHash: g.gatewayHash,
      rhid: grantToken(g.hid, this.settings.faskey),
      entry: authmonEntry(g.hid, this.settings.faskey, request),
      clientMac: arrival.clientMac,
      gatewayAddress: g.gatewayAddress,
      continueUrl: request.continueUrl || arrival.originalUrl || '',
    });
    // authmon passes session length, rates and quotas to ndsctl auth (the quota to each direction).
    return { kind: 'redirect', url: waitUrl, limitsApplied: true, unenforced: [] };
  }

  async revokeAccess(): Promise<void> {
    throw new ControllerError(
      'unsupported',
      'openNDS has no call the portal can make to end a session; it ends at the session length set on the gateway (or with ndsctl deauth there)',
    );
  }

  async status(): Promise<ControllerStatus> {
    return (await this.checkStatus()).status;
  }

  async checkStatus(): Promise<StatusReport> {
    if (this.settings.level > 0 && !this.settings.faskey)
      return { status: 'Not configured', detail: 'Enter the faskey set on the gateway' };
    // The gateway calls us; there is nothing the server can reach to check it.
    return { status: 'Online' };
  }
}
