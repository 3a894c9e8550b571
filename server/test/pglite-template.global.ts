import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migratedPgliteArchive, openDatabase } from '../src/db/client.ts';
import { makeJobQueues } from './job-queue-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data folder, which each test file's database starts from. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated PostgreSQL database each test file's database is created from. */
    postgresTemplate: string;
  }
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');

/**
 * Every file of the migrations, and the versions of PGlite and pg-boss (whose schema and queues the templates
 * hold: job-queue-template.ts): the template is made again when any of them changes.
 */
function templateKey() {
  const hash = createHash('sha256');
  hash.update(packageVersion('@electric-sql/pglite')).update(packageVersion('pg-boss'));
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

/** An installed package's version (not every package exports its package.json). */
function packageVersion(name: string) {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The migrated PostgreSQL template of these migrations (`sb_tpl_<key>`), made once per machine: copying it
 * (CREATE DATABASE ... TEMPLATE) takes a tenth of a second where migrating a new database takes seconds.
 * Made under an advisory lock (the projects' setups run at once) and renamed into place when complete, so a
 * run that died half-way leaves no half-migrated template. Each use marks the template's time (its comment);
 * templates of other migrations unused for a day are dropped, so that runs of two branches at once on one
 * PostgreSQL (a worktree's tests beside a CI run) never drop each other's.
 */
const TEMPLATE_KEPT_MS = 24 * 3_600_000;

async function postgresTemplate(adminUrl: string, key: string): Promise<string> {
  const name = `sb_tpl_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('splashboard-test-template'))`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) {
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const url = new URL(adminUrl);
      url.pathname = `/${partial}`;
      const handle = await openDatabase({ url: url.toString(), poolSize: 4 });
      await handle.migrate();
      await makeJobQueues(handle, url.toString());
      await handle.close();
      await admin.query(`alter database ${partial} rename to ${name}`);
      const old = await admin.query<{ datname: string; used: string | null }>(
        `select datname, shobj_description(oid, 'pg_database') as used from pg_database
          where datname ~ '^sb_tpl_[0-9a-f]+$' and datname <> $1`,
        [name],
      );
      for (const { datname, used } of old.rows)
        if (!(Number(used) > Date.now() - TEMPLATE_KEPT_MS))
          await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
    await admin.query(`comment on database ${name} is '${Date.now()}'`);
    return name;
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('splashboard-test-template'))`).catch(() => undefined);
    await admin.end();
  }
}

/** Vitest global setup: the migrated templates, made once for all the runs that share their migrations. */
export default async function setup(project: TestProject) {
  const key = templateKey();
  if (process.env.TEST_DATABASE_URL)
    project.provide('postgresTemplate', await postgresTemplate(process.env.TEST_DATABASE_URL, key));
  const file = path.join(tmpdir(), `splashboard-pglite-${key}.tar`);
  if (!existsSync(file)) {
    const archive = Buffer.from(await (await migratedPgliteArchive((handle) => makeJobQueues(handle))).arrayBuffer());
    // Written aside and renamed: another project's setup may be making the same file at the same time.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, archive);
    renameSync(partial, file);
  }
  project.provide('pgliteTemplate', file);
}
