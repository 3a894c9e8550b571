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
          environment: 'node',
          env: { TEST_ENGINE: engine },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
