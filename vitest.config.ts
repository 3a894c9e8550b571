import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const serverTests = ['server/**/*.test.ts'];
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

/**
 * Server test files that never open a database (no server, no database of their own): they run the same
 * code on either engine, so they run on the embedded one only. Read from the files, so that one which
 * starts a server later runs on both again by itself.
 */
function filesWithoutDatabase() {
  const root = path.resolve(import.meta.dirname, 'server');
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
    .filter((file) => !/startServer|freshDatabase|openDatabase|buildApp/.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => `server/${file.split(path.sep).join('/')}`);
}

/**
 * Server test files run on the embedded engine only although they open a database, and why. The access
 * matrix calls every operation as every kind of user (about a minute per engine): what it proves is each
 * service's access check, the same code on both engines; the SQL behind those operations is run on
 * PostgreSQL by each area's own tests. The read replica's test brings its own PostgreSQL cluster.
 */
const EMBEDDED_ENGINE_ONLY = [
  'server/src/access-matrix.test.ts',
  // Runs its own PostgreSQL primary and streaming replica (server/test/pg-cluster.ts), whatever the engine.
  'server/src/db/read-replica.test.ts',
];
/** Server test files about what only PostgreSQL does: several processes on one database. */
const POSTGRES_ONLY = ['server/src/db/migrate-lock.test.ts'];
/**
 * Server and component tests run two files at a time (Vitest's default on two cores is one): most of
 * their time is spent waiting on a database, a socket or a child process. Browser tests run after them,
 * two files at a time, and the tests against real gateways last, one file at a time.
 */
const UNIT_WORKERS = Number(process.env.TEST_WORKERS ?? 2);
/** Each file's PGlite database starts from one migrated template instead of initializing its own. */
const globalSetup = ['server/test/pglite-template.global.ts'];

export default defineConfig({
  test: {
    projects: [
      ...engines.map((engine) => ({
        test: {
          name: `server:${engine}`,
          include: serverTests,
          // Tests against real gateways run once, in the e2e project: they hold machine-wide resources.
          exclude: [
            '**/*.e2e.test.ts',
            '**/node_modules/**',
            ...(engine === 'pglite' ? POSTGRES_ONLY : [...filesWithoutDatabase(), ...EMBEDDED_ENGINE_ONLY]),
          ],
          environment: 'node',
          env: { TEST_ENGINE: engine },
          globalSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: UNIT_WORKERS,
          // A worker's files share its module graph instead of importing the server afresh each (29 s of imports
          // over the embedded engine's 166 files instead of several minutes). Each file still starts its own
          // server on its own database; a module keeping state of its own between files would show here.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      })),
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          maxWorkers: UNIT_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/cluster/**', 'e2e/expand-contract.test.ts', '**/node_modules/**'],
          globalSetup,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A page waited on by polling gets the time a locator gets (Vitest's default is 1 s, which a
          // loaded CI machine's page can miss after a click).
          expect: { poll: { timeout: 15_000 } },
          // Two browser files at a time: each has its own server, database and Chromium on free ports, and
          // much of their time is spent waiting on pages.
          maxWorkers: UNIT_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'gateways',
          // With the deployment on several nodes (e2e/cluster/): processes, ports and a PostgreSQL of its own; and
          // the previous release's node beside this build's on one database (built from git, several processes).
          include: ['server/**/*.e2e.test.ts', 'e2e/cluster/*.test.ts', 'e2e/expand-contract.test.ts'],
          globalSetup,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Real gateways in network namespaces: machine-wide resources, so one file at a time and alone.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
