import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteArchive } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data folder, which each test file's database starts from. */
    pgliteTemplate: string;
  }
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');

/** Every file of the migrations and the PGlite version: the template is made again when either changes. */
function templateKey() {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS);
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version (its package.json is not among the files it exports). */
function pgliteVersion() {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Vitest global setup: the migrated template, made once for all the runs that share its migrations. */
export default async function setup(project: TestProject) {
  const file = path.join(tmpdir(), `splashboard-pglite-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const archive = Buffer.from(await (await migratedPgliteArchive()).arrayBuffer());
    // Written aside and renamed: another project's setup may be making the same file at the same time.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, archive);
    renameSync(partial, file);
  }
  project.provide('pgliteTemplate', file);
}
