import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { GuestDownloadStatus, GuestExportKind } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ExportFiles } from '../../platform/export-files.ts';
import type { SiteAccess, SiteRemovalStep } from '../../platform/site-access.ts';
import { UTF8_BOM, slug } from './guest-csv.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { exportSource, type Cursor, type ExportRepos } from './guest-export-rows.ts';
import type { GuestFilters } from './guest-filters.ts';
import { z } from 'zod';
import { defineJob, defineScheduledJob } from '../../platform/jobs.ts';
import { createGuestExportsRepo, type GuestExportRow } from './guest-exports.repo.ts';
import { createGuestListRepo } from './guest-list.repo.ts';
import { createGuestSessionsRepo } from './guest-sessions.repo.ts';
import { createSplashRepo } from '../splash/splash.repo.ts';

type Deps = Pick<AppContext, 'db' | 'reads' | 'jobs' | 'exportFiles' | 'log'> & { sites: SiteAccess };
type ExportRow = GuestExportRow;

/** One requested download to write (its guest_exports row). */
export const EXPORT_JOB = defineJob('guests.export', z.object({ exportId: z.string().uuid() }), { runsLong: true });
export const EXPORT_CLEANUP_JOB = defineScheduledJob('guests.exports.cleanup');
/** How long a prepared file can be downloaded. */
export const EXPORT_KEEP_HOURS = 24;
/** Rows per query and per progress step. */
export const EXPORT_CHUNK = 2000;
const MAX_ATTEMPTS = 3;
/** Downloads a site may have in preparation at once. */
export const MAX_ACTIVE_EXPORTS = 3;
/** A running download whose job has not moved for this long has died: a retry may take it over. */
const STALE_SECONDS = 120;

const siteApi = (siteId: number) => `/s/${siteId}/api/v1/guest/download`;

/**
 * Guest and session downloads: a request records the download and queues a job; the job writes the CSV
 * chunk by chunk (never all rows in memory) to a part file, moving its progress on, then keeps it where
 * every node reads it (`exportFiles`: the uploads' bucket, or DATA_DIR/exports); the dashboard polls the
 * status, then fetches the file through the API, which checks the user's access to the site every time.
 * Files are removed after a day.
 */
export function createGuestExports({ db, reads, jobs, exportFiles: files, log, sites: siteAccess }: Deps) {
  const downloads = createGuestExportsRepo(db);
  const sitesRepo = createSitesRepo(db);
  // The exported rows may be a few seconds stale (the read replica); the export's own row is the primary's.
  const rowRepos: ExportRepos = {
    splash: createSplashRepo(reads),
    guestList: createGuestListRepo(reads),
    guestSessions: createGuestSessionsRepo(reads),
  };

  function fileName(row: ExportRow, siteName: string) {
    return `${row.kind}-${slug(siteName)}-${row.createdAt.toISOString().slice(0, 10)}.csv`;
  }

  function statusOf(row: ExportRow, siteName: string): GuestDownloadStatus {
    return {
      id: row.id,
      kind: row.kind as GuestExportKind,
      status: row.status as GuestDownloadStatus['status'],
      progress: row.progress,
      rows: row.rows,
      download_url: row.status === 'ready' ? `${siteApi(row.siteId)}/file/${row.id}` : null,
      file_name: fileName(row, siteName),
      error: row.status === 'failed' ? row.error : null,
    };
  }

  async function exportOf(actor: Actor | null, siteId: number, id: string) {
    const { row: site } = await siteAccess.siteFor(actor, siteId, 'guests', 'read');
    const row = await downloads.byId(id, siteId);
    if (!row) throw notFound('guests.downloadNotFound');
    return { row, site };
  }

  /** Writes one download, if this run may: a download is taken by one run at a time (see `attempt`). */
  async function run(id: string) {
    const job = await downloads.take(id, STALE_SECONDS);
    if (!job) return;
    const site = await sitesRepo.byId(job.siteId);
    if (!site) return;
    const ref = { id, siteId: job.siteId };
    let part: string | null = null;
    try {
      part = await files.partFile(ref, job.attempt);
      const source = exportSource(rowRepos, job.kind as GuestExportKind, site, job.filters);
      const total = await source.count();
      let rows = 0;
      let takenOver = false;
      await pipeline(async function* () {
        yield UTF8_BOM + (await source.header());
        let cursor: Cursor = null;
        for (;;) {
          const chunk = await source.chunk(cursor, EXPORT_CHUNK);
          if (!chunk.rows) return;
          yield chunk.text;
          rows += chunk.rows;
          cursor = chunk.next;
          const progress = total ? Math.min(99, Math.floor((rows * 100) / total)) : 99;
          const moved = await downloads.progress(id, job.attempt, { rows, total, progress });
          if (!moved) return void (takenOver = true);
          if (chunk.rows < EXPORT_CHUNK) return;
        }
      }, createWriteStream(part));
      if (takenOver) return void (await rm(part, { force: true }));
      await files.keep(part, ref);
      await downloads.settle(id, job.attempt, {
        status: 'ready',
        progress: 100,
        rows,
        total: rows,
        error: null,
        finishedAt: new Date(),
      });
    } catch (err) {
      // The status must be recorded whatever else fails here, or the download would show running forever.
      if (part) await rm(part, { force: true }).catch(() => undefined);
      const last = job.attempt >= MAX_ATTEMPTS;
      log.warn({ err, exportId: id, attempt: job.attempt }, 'preparing a guest download failed');
      await downloads.settle(id, job.attempt, { status: last ? 'failed' : 'pending', error: 'Preparing the download failed' });
      if (!last) throw err;
    }
  }

  /** Downloads older than a day, and any file left behind (a deleted site's, a dead run's part). */
  async function cleanup() {
    const old = await downloads.removeOlderThan(EXPORT_KEEP_HOURS);
    await files.remove(old);
    await files.sweep(new Date(Date.now() - EXPORT_KEEP_HOURS * 3600_000));
    return old.length;
  }

  jobs.register(EXPORT_JOB, ({ exportId }) => run(exportId));
  jobs.register(EXPORT_CLEANUP_JOB, async () => void (await cleanup()));
  jobs.schedule(EXPORT_CLEANUP_JOB, '23 * * * *');

  return {
    cleanup,

    /** Records a download and queues its job; the same one still in preparation is answered again. */
    async start(actor: Actor | null, siteId: number, kind: GuestExportKind, filters: GuestFilters) {
      const { actor: a } = await siteAccess.siteFor(actor, siteId, 'guests', 'read');
      const active = await downloads.activeOf(siteId);
      const same = active.find(
        (e) =>
          e.kind === kind &&
          e.filters.search === filters.search &&
          e.filters.from === filters.from &&
          e.filters.to === filters.to,
      );
      if (same) return { id: same.id, status_url: `${siteApi(siteId)}/status/${same.id}` };
      // An export takes seconds: worth asking again shortly.
      if (active.length >= MAX_ACTIVE_EXPORTS)
        throw new AppError(429, 'guests.downloadsBusy', { headers: { 'retry-after': '15' } });
      const id = randomUUID();
      await downloads.add({ id, accountId: a.accountId, siteId, userId: a.userId, kind, filters });
      await jobs.enqueue(EXPORT_JOB, { exportId: id });
      return { id, status_url: `${siteApi(siteId)}/status/${id}` };
    },

    async status(actor: Actor | null, siteId: number, id: string) {
      const { row, site } = await exportOf(actor, siteId, id);
      return statusOf(row, site.name);
    },

    /** The prepared file, for a user who may read the site's guests now. */
    async file(actor: Actor | null, siteId: number, id: string, requestLog: FastifyBaseLogger) {
      const { row, site } = await exportOf(actor, siteId, id);
      if (row.status !== 'ready') throw notFound('guests.downloadNotReady');
      let stream: Readable | null;
      try {
        stream = await files.open(row);
      } catch (err) {
        requestLog.error({ err, exportId: row.id, siteId }, "reading a guest download's file failed");
        throw new AppError(503, 'guests.downloadUnreadable', { headers: { 'retry-after': '60' } });
      }
      if (!stream) throw notFound('guests.downloadNotReady');
      return { stream, fileName: fileName(row, site.name) };
    },
  };
}

export type GuestExports = ReturnType<typeof createGuestExports>;

/** A deleted site's downloads go with it: their rows by the foreign key, then their files, as its uploads. */
export const exportFilesSiteRemoval = (files: ExportFiles): SiteRemovalStep => ({
  afterRemove: (site) => files.removeSite(site.id),
});
