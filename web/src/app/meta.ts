import { get } from './api.ts';
import type { Meta } from './serverMeta.ts';

let pending: Promise<Meta> | null = null;

/** The server's public settings (logo, vendor settings, routers), fetched once per page load. */
export function loadMeta(): Promise<Meta> {
  pending ??= get<Meta>('/a/api/v1/meta/').catch((e: unknown) => {
    pending = null;
    throw e;
  });
  return pending;
}
