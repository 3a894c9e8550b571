import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One download's file: its id, and its site (the bucket keeps each site's under a prefix of its own). */
export interface ExportFileRef {
  id: string;
  siteId: number;
}

/**
 * Where the guest and session downloads' files are kept once written: `DATA_DIR/exports` (a folder every
 * node shares, on several nodes), or the uploads' S3-compatible bucket when it is configured. A file is
 * written first to a part file on this node's disk, then kept whole.
 */
export interface ExportFiles {
  /** A part file on this node's disk for one attempt at writing the download, its folder made. */
  partFile(ref: ExportFileRef, attempt: number): Promise<string>;
  /** Keeps a finished part file as the download's file; the part is gone after. */
  keep(part: string, ref: ExportFileRef): Promise<void>;
  /** The file as a stream (never whole in memory), or null when there is none. Throws when it cannot be read. */
  open(ref: ExportFileRef): Promise<Readable | null>;
  remove(refs: ExportFileRef[]): Promise<void>;
  /** Removes a deleted site's files, where they are kept by site. */
  removeSite(siteId: number): Promise<void>;
  /** Removes every file and part last written before `cutoff`: a dead run's, or one whose download went with its site. */
  sweep(cutoff: Date): Promise<number>;
}

/** Removes the files of a folder last written before `cutoff` (nothing when the folder does not exist). */
export async function removeFilesOlderThan(dir: string, cutoff: Date): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.mtimeMs < cutoff.getTime()) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** The files in one folder of this node's disk, named by the download's id alone, as before the bucket was an option. */
export function createLocalExportFiles(dir: string): ExportFiles {
  const fileOf = (ref: ExportFileRef) => path.join(dir, `${ref.id}.csv`);
  return {
    async partFile(ref, attempt) {
      await mkdir(dir, { recursive: true });
      return path.join(dir, `${ref.id}.${attempt}.part`);
    },
    async keep(part, ref) {
      await rename(part, fileOf(ref));
    },
    async open(ref) {
      const file = fileOf(ref);
      if (!(await stat(file).catch(() => null))) return null;
      return createReadStream(file);
    },
    async remove(refs) {
      await Promise.all(refs.map((ref) => rm(fileOf(ref), { force: true })));
    },
    // The folder is not by site: a deleted site's files are left to the sweep, within a day.
    async removeSite() {},
    sweep: (cutoff) => removeFilesOlderThan(dir, cutoff),
  };
}
