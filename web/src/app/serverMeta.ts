import type { z } from 'zod';
import type { metaSchema } from '@splashboard/contract';

/**
 * The server's public settings, as its meta call answers. A module of its own because error reporting
 * (configured by them) sits under the API client, which the module loading them uses.
 */
export type Meta = z.infer<typeof metaSchema>;
