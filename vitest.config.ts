import { defineConfig } from 'vitest/config';

const serverTests = ['server/**/*.test.ts'];
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: [
      ...engines.map((engine) => ({
        test: {
          name: `server:${engine}`,
          include: serverTests,
          // Tests against real gateways run once, in the e2e project: they hold machine-wide resources.
          exclude: ['**/*.e2e.test.ts', '**/node_modules/**'],
          environment: 'node',
          env: { TEST_ENGINE: engine },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts', 'server/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
