import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { createPgNoticeRelay, type ChangeNotice, type NoticeRelay } from './pg-notices.ts';

export type { ChangeNotice };

export interface SiteChanges {
  /** A site's settings changed (call after the change has committed): every process drops its copies. */
  publish(siteId: number): void;
  /**
   * `onSite` hears of one site's change, from this process or another; `onEverything` that notices may
   * have been missed (the connection that hears other processes was lost): drop every cached site.
   */
  subscribe(onSite: (siteId: number) => void, onEverything: () => void): () => void;
  /** Starts hearing other processes' changes (on PostgreSQL); within one process it has nothing to do. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Tells whoever caches a site's settings (the guest portal, the RADIUS server, the controllers' adapters)
 * that they changed: at once within this process, and through `relay` to the other processes on the same
 * PostgreSQL (pg_notify), which hear it typically within a second; a process that misses notices still
 * reads again within its cache time.
 */
export function createSiteChanges(relay?: NoticeRelay): SiteChanges {
  const listeners = new Set<{ onSite: (siteId: number) => void; onEverything: () => void }>();
  const tell = (siteId: number) => {
    for (const l of listeners) l.onSite(siteId);
  };
  return {
    publish(siteId) {
      tell(siteId);
      relay?.send({ kind: 'site', id: siteId });
    },
    subscribe(onSite, onEverything) {
      const listener = { onSite, onEverything };
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: async () =>
      relay?.start({
        notice: (n) => {
          if (n.kind === 'site') tell(n.id);
        },
        missed: () => {
          for (const l of listeners) l.onEverything();
        },
      }),
    stop: async () => relay?.stop(),
  };
}

/** Across processes on PostgreSQL; PGlite is one process, so its changes stay within it. */
export function siteChangesOf(handle: DatabaseHandle, databaseUrl: string | undefined, log: FastifyBaseLogger): SiteChanges {
  if (handle.engine !== 'postgres' || !databaseUrl) return createSiteChanges();
  return createSiteChanges(
    createPgNoticeRelay({ url: databaseUrl, log, send: (text, values) => handle.executeSql(text, values) }),
  );
}
