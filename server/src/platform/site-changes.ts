/**
 * Tells whoever caches a site's settings (the guest portal) that they changed, within this process.
 * Other processes notice within their cache time; nothing depends on that being instant.
 */
export function createSiteChanges() {
  const listeners = new Set<(siteId: number) => void>();
  return {
    publish(siteId: number) {
      for (const listener of listeners) listener(siteId);
    },
    subscribe(listener: (siteId: number) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type SiteChanges = ReturnType<typeof createSiteChanges>;
