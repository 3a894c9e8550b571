import { serverTextOf } from '../../app/serverText.ts';
import type { z } from 'zod';
import './i18n.ts';

/** A message from the server or the shared schemas in the dashboard's language when it is one of this area's. */
export const useServerText = serverTextOf('vouchers.errors');

/** The first message per field of a failed zod parse, the way the server's schema_errors carry them. */
export function schemaErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
