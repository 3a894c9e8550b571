import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { latestShippedMigration, openDatabase } from './client.ts';

// Run on PostgreSQL only (vitest.config.ts, POSTGRES_ONLY): PGlite is one process's database.
const adminUrl = process.env.TEST_DATABASE_URL;

describe('migrations on PostgreSQL', () => {
  it('are applied once when several nodes start on a new database at the same moment', async () => {
    const name = `sb_test_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 2 })));
    try {
      const outcomes = await Promise.allSettled(nodes.map((n) => n.migrate()));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const { rows } = await nodes[0]!.executeSql('select hash, created_at from drizzle.__drizzle_migrations');
      expect(rows).toHaveLength(new Set(rows.map((r) => r.hash)).size);
      expect(Math.max(...rows.map((r) => Number(r.created_at)))).toBe(latestShippedMigration().when);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
