import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/check-migrations.mjs (in `npm run lint`): a migration only expands the schema, unless a
// `-- contract:` line says why it is safe to take something away.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCRIPT = path.join(ROOT, 'scripts/check-migrations.mjs');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The script on a folder holding `files`: its exit code and what it printed. */
function check(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-migrations-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const run = spawnSync(process.execPath, [SCRIPT, dir], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, out: run.stdout + run.stderr };
}

describe('the migrations rule', () => {
  it('passes the migrations this build ships', () => {
    expect(execFileSync(process.execPath, [SCRIPT], { cwd: ROOT, encoding: 'utf8' })).toMatch(/only expand the schema/);
  });

  it('refuses each kind of contraction, with its file and line', () => {
    const { code, out } = check({
      '0001_old.sql': 'CREATE TABLE "guests" ("id" serial PRIMARY KEY, "email" text);',
      '0002_contract.sql': [
        '-- A comment that is no reason.',
        'DROP TABLE "sessions";',
        '--> statement-breakpoint',
        'ALTER TABLE "guests" DROP COLUMN "phone";--> statement-breakpoint',
        'ALTER TABLE "guests" RENAME COLUMN "email" TO "mail";--> statement-breakpoint',
        'ALTER TABLE "guests" ALTER COLUMN "visits" SET DATA TYPE bigint;--> statement-breakpoint',
        'ALTER TABLE "guests" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint',
        'ALTER TABLE "guests" ADD COLUMN "tier" text NOT NULL;--> statement-breakpoint',
        'ALTER TABLE "guests" DROP CONSTRAINT "guests_email_unique";--> statement-breakpoint',
        'DROP INDEX "guests_email_idx";',
      ].join('\n'),
    });
    expect(code).toBe(1);
    const refused = out.split('\n').filter((l) => l.includes('0002_contract.sql:'));
    expect(refused.map((l) => l.replace(/^.*0002_contract\.sql:(\d+):.*$/, '$1'))).toEqual([
      '2',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(out).toContain('drops TABLE "sessions"');
    expect(out).toContain('drops COLUMN "phone"');
    expect(out).toContain('renames');
    expect(out).toContain('changes the type of column "visits"');
    expect(out).toContain('makes column "email" NOT NULL');
    expect(out).toContain('adds NOT NULL column "tier" without a DEFAULT');
    expect(out).toContain('drops CONSTRAINT "guests_email_unique"');
    expect(out).toContain('drops INDEX "guests_email_idx"');
  });

  it('passes what only expands, what a file changes of its own, and a contraction that says why', () => {
    const { code, out } = check({
      '0003_expand.sql': [
        'CREATE TABLE "visits" ("id" serial PRIMARY KEY, "note" text);',
        '--> statement-breakpoint',
        'ALTER TABLE "visits" ADD COLUMN "site_id" integer NOT NULL;--> statement-breakpoint',
        'ALTER TABLE "visits" ALTER COLUMN "note" SET NOT NULL;--> statement-breakpoint',
        'ALTER TABLE "guests" ADD COLUMN "tier" text DEFAULT \'basic\' NOT NULL;--> statement-breakpoint',
        'ALTER TABLE "guests" ADD COLUMN "seen" integer;--> statement-breakpoint',
        'ALTER TABLE "guests" ALTER COLUMN "seen" SET NOT NULL;--> statement-breakpoint',
        'ALTER TABLE "guests" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint',
        'CREATE INDEX "visits_note_idx" ON "visits" ("note");--> statement-breakpoint',
        'DROP INDEX "visits_note_idx";--> statement-breakpoint',
        'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DROP TABLE x; RETURN NULL; END $$;',
        '--> statement-breakpoint',
        "INSERT INTO notes (text) VALUES ('DROP TABLE guests; RENAME');",
        '--> statement-breakpoint',
        '-- contract: the code stopped reading "phone" a release ago (0002).',
        'ALTER TABLE "guests" DROP COLUMN "phone";',
      ].join('\n'),
    });
    expect(out).toMatch(/1 files only expand the schema/);
    expect(code).toBe(0);
  });
});
