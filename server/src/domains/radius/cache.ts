import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { SiteChanges } from '../../platform/site-changes.ts';
import type { NasClient } from '../../adapters/radius/server.ts';
import { createNasClientsRepo } from '../routers/nas-clients.repo.ts';
import { createMacEntriesRepo } from '../whitelist/mac-entries.repo.ts';

/**
 * How long the RADIUS server trusts what it read about gateways and whitelisted devices. A change made
 * through this process's services is seen at once, one made by another process on PostgreSQL as soon as
 * its notice arrives (platform/site-changes.ts), and within this time at worst (a lost notice): a deleted
 * gateway, a changed secret or address, or a removed device stops working at most this long after.
 */
export const RADIUS_CACHE_TTL_MS = 5000;
/** Addresses remembered at most (unknown ones included: a flood of spoofed sources must not grow memory). */
const CLIENTS_KEPT = 10_000;

interface Entry<T> {
  value: T;
  at: number;
}

/**
 * What the RADIUS server reads on every request, kept in memory: gateways by source address (with their
 * secret unsealed, an unknown address too, so junk from strangers does not reach the database) and each
 * site's whitelisted MACs. Every request otherwise costs two database round trips and an AES-GCM open.
 */
export function createRadiusCache(db: Database, secrets: SecretBox, opts: { siteChanges?: SiteChanges; ttlMs?: number } = {}) {
  const ttlMs = opts.ttlMs ?? RADIUS_CACHE_TTL_MS;
  const nasClients = createNasClientsRepo(db);
  const macEntries = createMacEntriesRepo(db);
  const clients = new Map<string, Entry<NasClient | null>>();
  const whitelists = new Map<number, Entry<Set<string>>>();
  const loading = new Map<string, Promise<unknown>>();
  // A load that started before a change must not store what it read (it may predate the change).
  let generation = 0;

  const fresh = <T>(e: Entry<T> | undefined) => (e && Date.now() - e.at < ttlMs ? e : undefined);
  /**
   * Read again in the background once an entry is past half its time, so that a busy gateway's requests
   * never wait for the database at expiry (every request in flight would), and nothing is used past ttlMs.
   */
  const aging = <T>(e: Entry<T>) => Date.now() - e.at >= ttlMs / 2;

  /** One database read per key at a time, however many requests ask for it meanwhile. */
  function once<T>(key: string, load: () => Promise<T>, store: (value: T, at: number) => void): Promise<T> {
    const pending = loading.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const started = generation;
    const at = Date.now();
    const p = load()
      .then((value) => {
        if (started === generation) store(value, at);
        return value;
      })
      .finally(() => {
        if (loading.get(key) === p) loading.delete(key);
      });
    loading.set(key, p);
    return p;
  }

  function siteChanged(siteId: number) {
    generation++;
    loading.clear();
    whitelists.delete(siteId);
    // An address may have moved between sites (freed by another site's change, or outside the services),
    // or been added: every address is asked again. Changes are rare next to requests; a read each is cheap.
    clients.clear();
  }
  function everythingChanged() {
    generation++;
    loading.clear();
    whitelists.clear();
    clients.clear();
  }
  opts.siteChanges?.subscribe(siteChanged, everythingChanged);

  return {
    /** From memory when fresh (no promise), else read from the database. */
    client(address: string): NasClient | null | Promise<NasClient | null> {
      const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
      const cached = fresh(clients.get(ip));
      if (cached && !aging(cached)) return cached.value;
      const read = once(
        `c:${ip}`,
        async () => {
          const row = await nasClients.byIpAddress(ip);
          if (!row) return null;
          return {
            id: row.id,
            siteId: row.siteId,
            secret: secrets.open(row.secretEnc),
            requireMessageAuthenticator: row.requireMessageAuthenticator,
          };
        },
        (value, at) => {
          if (clients.size >= CLIENTS_KEPT) {
            for (const [k, e] of clients) if (!fresh(e) || !e.value) clients.delete(k);
          }
          clients.set(ip, { value, at });
        },
      );
      if (!cached) return read;
      read.catch(() => undefined);
      return cached.value;
    },

    /** Whether a normalized MAC is whitelisted at a site: from memory when fresh (no promise). */
    whitelisted(siteId: number, mac: string): boolean | Promise<boolean> {
      const cached = fresh(whitelists.get(siteId));
      if (cached && !aging(cached)) return cached.value.has(mac);
      const read = once(
        `w:${siteId}`,
        async () => {
          return new Set(await macEntries.macsOf(siteId));
        },
        (value, at) => whitelists.set(siteId, { value, at }),
      );
      if (!cached) return read.then((macs) => macs.has(mac));
      read.catch(() => undefined);
      return cached.value.has(mac);
    },

    siteChanged,
  };
}
export type RadiusCache = ReturnType<typeof createRadiusCache>;
