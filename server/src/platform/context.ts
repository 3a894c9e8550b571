import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { SecretBox } from './crypto.ts';
import type { JobQueue } from './jobs.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SessionStore } from './sessions.ts';
import type { SiteChanges } from './site-changes.ts';
import type { Storage } from './storage.ts';

/** What services are built from; each service factory takes only the parts it uses. */
export interface AppContext {
  config: Config;
  handle: DatabaseHandle;
  db: Database;
  secrets: SecretBox;
  jobs: JobQueue;
  mailer: Mailer;
  storage: Storage;
  rateLimiter: RateLimiter;
  sessions: SessionStore;
  log: FastifyBaseLogger;
  siteChanges: SiteChanges;
}
