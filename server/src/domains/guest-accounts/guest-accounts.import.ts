import { z } from 'zod';
import {
  GUEST_ACCOUNT_MESSAGES,
  GUEST_IMPORT_COLUMNS,
  MESSAGES,
  guestAccountCreateSchema,
  type GuestAccountDefaults,
  type GuestImport,
  type GuestImportField,
  type GuestImportRejection,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { defineJob } from '../../platform/jobs.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import type { Upload } from '../../platform/uploads.ts';
import { createSplashRepo } from '../splash/splash.repo.ts';
import { siteDefaults } from './defaults.ts';
import { createGuestAccountsRepo, type GuestAccountImportRow } from './guest-accounts.repo.ts';
import { newAccountValues } from './guest-accounts.service.ts';
import { columnNameOf, readImportFile, type ImportRow } from './import-file.ts';

/** One uploaded file of accounts to read and create (its guest_account_imports row). */
export const IMPORT_JOB = defineJob('guest-accounts.import', z.object({ id: z.number().int().positive() }), { runsLong: true });
/** Rows hashed at once: argon2 runs on the thread pool, the machine has few cores. */
const CHUNK = 4;
/** A run stops at this share of the queue's job time (JOB_TIMEOUT_SECONDS) and leaves the rest to the next job. */
const RUN_SHARE_OF_TIMEOUT = 0.8;

/** Another run of the import's job did the row first (this one was given up for lost, or is late): stop. */
class ImportMovedOn extends Error {}

type Deps = Pick<AppContext, 'db' | 'secrets' | 'jobs' | 'log' | 'config'> & { sites: SiteAccess };
type ImportRowRecord = GuestAccountImportRow;

const toImport = (r: ImportRowRecord): GuestImport => ({
  id: r.id,
  filename: r.filename,
  status: r.status as GuestImport['status'],
  total: r.total,
  processed: r.processed,
  created: r.created,
  rejected: r.rejected,
  error: r.error,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
});

const NUMBER_FIELDS: GuestImportField[] = ['num_devices', 'duration_val', 'bytes_t', 'speed_ul', 'speed_dl'];
const UNIT_WORDS: Record<string, string> = { minute: 'minutes', hour: 'hours', day: 'days' };

/** A file row as the create call would take it: numbers as numbers, units in our words, empty left out. */
function inputOf(values: ImportRow['values']): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values) as [GuestImportField, string][]) {
    if (raw === '') continue;
    if (NUMBER_FIELDS.includes(key)) input[key] = /^-?\d+$/.test(raw) ? Number(raw) : raw;
    else if (key === 'duration_type') input[key] = UNIT_WORDS[raw.toLowerCase()] ?? raw.toLowerCase();
    else if (key === 'bytes_type') input[key] = raw.toUpperCase();
    else input[key] = raw;
  }
  return input;
}

/** What is wrong with a row, by column as the file names it; null when it can be imported. */
export function checkRow(row: ImportRow) {
  const parsed = guestAccountCreateSchema.safeParse(inputOf(row.values));
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'row');
    const column = field in GUEST_IMPORT_COLUMNS ? columnNameOf(field as GuestImportField) : field;
    const message =
      issue.code === 'invalid_type' && NUMBER_FIELDS.includes(field as GuestImportField) ? 'Enter a whole number' : issue.message;
    (errors[column] ??= []).push(message);
  }
  return { input: null, errors };
}

/**
 * Imports of guest accounts from a CSV or XLSX file. The upload is read and its shape checked at once
 * (a file that is not a table is refused there); the rows are then worked through by a job, one
 * account per transaction with the progress, so the page can poll and nothing is half-imported.
 */
export function createGuestImports({ db, secrets, jobs, log, config, sites }: Deps) {
  const accounts = createGuestAccountsRepo(db);
  const splash = createSplashRepo(db);
  const runBudgetMs = config.jobTimeoutSeconds * 1000 * RUN_SHARE_OF_TIMEOUT;
  jobs.register(IMPORT_JOB, async ({ id }) => {
    try {
      await run(id);
    } catch (err) {
      if (!(err instanceof ImportMovedOn)) throw err;
      log.info({ importId: id }, 'a guest account import goes on in another run of its job');
    }
  });

  async function run(id: number) {
    const job = await accounts.importById(id);
    if (!job || job.status === 'done' || job.status === 'failed') return;
    if (!job.rowsEnc) return finish(id, 'failed', MESSAGES.unknown);
    let rows: ImportRow[];
    try {
      rows = JSON.parse(secrets.open(job.rowsEnc)) as ImportRow[];
    } catch (err) {
      log.error({ err, importId: id }, 'a guest account import could not be opened');
      return finish(id, 'failed', MESSAGES.unknown);
    }
    await accounts.markImportRunning(id);
    const defaults = await siteDefaults(splash, job.siteId);
    // Usernames of the rows before this one, to name a duplicate within the file (a retry starts midway).
    const seen = new Set<string>();
    for (const row of rows.slice(0, job.processed)) {
      const { input } = checkRow(row);
      if (input) seen.add(input.username);
    }
    const started = Date.now();
    for (let at = job.processed; at < rows.length; at += CHUNK) {
      if (Date.now() - started > runBudgetMs) {
        await jobs.enqueue(IMPORT_JOB, { id });
        return;
      }
      const chunk = rows.slice(at, at + CHUNK).map((row) => ({ row, ...checkRow(row) }));
      const hashes = await Promise.all(chunk.map((c) => (c.input ? hashPassword(c.input.password) : null)));
      for (const [i, c] of chunk.entries()) {
        let errors = c.errors;
        if (c.input && seen.has(c.input.username))
          errors = { [columnNameOf('username')]: [GUEST_ACCOUNT_MESSAGES.duplicateInFile] };
        if (c.input) seen.add(c.input.username);
        await importRow(job, at + i, c.row, errors ? null : c.input, hashes[i]!, errors, defaults);
      }
    }
    await finish(id, 'done');
  }

  async function importRow(
    job: ImportRowRecord,
    at: number,
    row: ImportRow,
    input: ReturnType<typeof checkRow>['input'],
    hash: string | null,
    errors: Record<string, string[]> | null,
    defaults: GuestAccountDefaults,
  ) {
    const rejection = (e: Record<string, string[]>): GuestImportRejection => ({
      row: row.row,
      username: (row.values.username ?? '').slice(0, 100),
      errors: e,
    });
    await db.transaction(async (tx) => {
      let rejected = errors ? rejection(errors) : null;
      let created = 0;
      if (input && hash) {
        const account = await accounts.importAccount(
          {
            ...newAccountValues(input, defaults),
            accountId: job.accountId,
            siteId: job.siteId,
            passwordHash: hash,
            source: 'import',
          },
          tx,
        );
        if (account) created = 1;
        else rejected = rejection({ [columnNameOf('username')]: [GUEST_ACCOUNT_MESSAGES.usernameTaken] });
      }
      // The row's account and the import's progress commit together, once: a run that finds the import
      // past this row rolls its account back and stops.
      if (!(await accounts.advanceImport(job.id, at, created, rejected, tx))) throw new ImportMovedOn();
    });
  }

  async function finish(id: number, status: 'done' | 'failed', error = '') {
    await accounts.finishImport(id, status, error);
  }

  return {
    /** Access is checked before the file is read. */
    async upload(actor: Actor | null, siteId: number, read: () => Promise<Upload>): Promise<GuestImport> {
      const { actor: a } = await sites.siteFor(actor, siteId, 'guestuser', 'write');
      const file = await read();
      if (file.truncated) throw new AppError(413, 'common.fileTooLarge', { field: 'file' });
      const rows = await readImportFile(file.body);
      const job = await accounts.addImport({
        accountId: a.accountId,
        siteId,
        userId: a.userId,
        filename: (file.filename ?? '').slice(0, 200),
        rowsEnc: secrets.seal(JSON.stringify(rows)),
        total: rows.length,
      });
      await jobs.enqueue(IMPORT_JOB, { id: job.id });
      return toImport(job);
    },

    async get(actor: Actor | null, siteId: number, importId: number): Promise<GuestImport> {
      await sites.siteFor(actor, siteId, 'guestuser', 'read');
      const job = await accounts.importAt(importId, siteId);
      if (!job) throw notFound('guestAccounts.importNotFound');
      return toImport(job);
    },
  };
}
export type GuestImports = ReturnType<typeof createGuestImports>;
