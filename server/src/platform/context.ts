import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { openReadReplica, type ReadReplica } from '../db/read-replica.ts';
import { createAccountsRepo, type AccountsRepo } from './accounts.repo.ts';
import { SecretBox, hmacSha256, resolveSecretKey } from './crypto.ts';
import { createGuestChanges, type GuestChanges } from './guest-changes.ts';
import { createJobQueue, type JobQueue } from './jobs.ts';
import { createMailer, type MailTransport, type Mailer } from './mailer.ts';
import { createMaintenance } from './maintenance.ts';
import { createOutboxRepo } from './outbox.repo.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';
import { createRateLimitsRepo } from './rate-limits.repo.ts';
import { createSessionStore, type SessionStore } from './sessions.ts';
import { siteChangesOf, type SiteChanges } from './site-changes.ts';
import { createLocalExportFiles, type ExportFiles } from './export-files.ts';
import { s3BucketOf } from './s3-bucket.ts';
import { createS3ExportFiles } from './s3-export-files.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, type Storage } from './storage.ts';
import { createMetrics, type Metrics } from './observability/metrics.ts';

/** What every area is built from; each service factory takes only the parts it uses. */
export interface AppContext {
  config: Config;
  handle: DatabaseHandle;
  /** The primary: writes, and every read that must see its own writes. */
  db: Database;
  /**
   * Reads that may be a few seconds stale (the dashboard's tiles, lists, searches and exports): the read
   * replica while it is healthy, else the primary. The primary itself without DATABASE_READ_URL or on PGlite.
   */
  reads: Database;
  /** The replica's monitor, when DATABASE_READ_URL is set on PostgreSQL. */
  readReplica: ReadReplica | null;
  secrets: SecretBox;
  /** Derives a key for one purpose from the secret key (a signature's, say), so purposes never share one. */
  deriveKey(purpose: string): string;
  jobs: JobQueue;
  mailer: Mailer;
  storage: Storage;
  /** The guest and session downloads' files: beside the uploads (the bucket, or this node's DATA_DIR). */
  exportFiles: ExportFiles;
  rateLimiter: RateLimiter;
  /** Accounts, users, client access, sign-in sessions and one-time tokens. */
  accounts: AccountsRepo;
  sessions: SessionStore;
  log: FastifyBaseLogger;
  /** Sites whose settings changed, told to this process's caches and (on PostgreSQL) to the other processes'. */
  siteChanges: SiteChanges;
  /** A guest erased or withdrawing consent: the steps other areas run in that transaction. */
  guestChanges: GuestChanges;
  /** The process's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
}

/** The platform of one process: database handle, secrets, job queue, mail, storage, sessions, rate limits. */
export function createAppContext(opts: {
  config: Config;
  handle: DatabaseHandle;
  log: FastifyBaseLogger;
  /** Where emails leave from; without one they stay in the outbox (adapters/smtp makes one from SMTP_URL). */
  mailTransport: MailTransport | null;
  /** Where emails kept without SMTP are printed for the operator: stdout unless the log is silenced. */
  console?: { write(text: string): void };
}): AppContext {
  const { config, handle, log } = opts;
  const db = handle.db;
  const secretKeyHex = resolveSecretKey(config.secretKeyHex, config.dataDir);
  const metrics = createMetrics();
  const jobs = createJobQueue(handle, config.databaseUrl, log, {
    onFailed: metrics.jobFailed,
    timeoutSeconds: config.jobTimeoutSeconds,
  });
  Object.assign(metrics.sources, { pool: handle.poolUse, queueDepths: jobs.depths });
  const readReplica = openReadReplicaOf(config, handle, log, metrics);
  const accounts = createAccountsRepo(db);
  const rateLimits = createRateLimitsRepo(db);
  createMaintenance({ accounts, rateLimits, jobs });
  const bucket = config.s3 ? s3BucketOf(config.s3) : null;
  return {
    config,
    handle,
    db,
    reads: readReplica?.db ?? db,
    readReplica,
    secrets: new SecretBox(secretKeyHex),
    deriveKey: (purpose) => hmacSha256(secretKeyHex, purpose),
    jobs,
    mailer: createMailer({
      outbox: createOutboxRepo(db),
      jobs,
      log,
      transport: opts.mailTransport,
      from: config.mailFrom,
      printKept: config.logLevel === 'silent' ? null : (text) => (opts.console ?? process.stdout).write(text),
    }),
    storage: bucket ? createS3Storage(bucket, '/uploads') : createLocalStorage(path.join(config.dataDir, 'uploads'), '/uploads'),
    exportFiles: bucket
      ? createS3ExportFiles(bucket, path.join(config.dataDir, 'export-parts'))
      : createLocalExportFiles(path.join(config.dataDir, 'exports')),
    rateLimiter: createRateLimiter(rateLimits),
    accounts,
    sessions: createSessionStore(accounts, config.sessionDays, config.stripe.enabled),
    log,
    siteChanges: siteChangesOf(handle, config.databaseUrl, log),
    guestChanges: createGuestChanges(),
    metrics,
  };
}

function openReadReplicaOf(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger, metrics: Metrics): ReadReplica | null {
  if (!config.databaseReadUrl) return null;
  if (!handle.pool) {
    log.warn('DATABASE_READ_URL is ignored on the embedded database: every read goes to it');
    return null;
  }
  let replica: ReadReplica | null = null;
  const hooks = metrics.readReplica(() => replica!.status());
  replica = openReadReplica({
    primary: handle.pool,
    url: config.databaseReadUrl,
    maxLagSeconds: config.databaseReadMaxLagSeconds,
    log,
    hooks,
  });
  return replica;
}
