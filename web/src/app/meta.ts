import type { z } from 'zod';
import type { metaSchema } from '@splashboard/contract';
import { get } from './api.ts';

export type Meta = z.infer<typeof metaSchema>;

let pending: Promise<Meta> | null = null;

/** The server's public settings (logo, vendor settings, routers), fetched once per page load. */
export function loadMeta(): Promise<Meta> {
  pending ??= get<Meta>('/a/api/v1/meta/').catch((e: unknown) => {
    pending = null;
    throw e;
  });
  return pending;
}
