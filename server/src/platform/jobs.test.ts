import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startServer, type TestServer } from '../../test/harness.ts';
import { createJobQueue, defineJob, type JobQueue } from './jobs.ts';

const logLines: string[] = [];
let server: TestServer;
let queue: JobQueue;
const seen: number[] = [];

/** A job whose payload is a whole number, and one under the same name that lets anything through (an old sender). */
const COUNT_JOB = defineJob('test.count', z.object({ n: z.number().int() }));
/** A job whose payload 2 fails on its first run. */
const FLAKY_JOB = defineJob('test.flaky', z.object({ n: z.number().int() }));
const flakyRuns: number[] = [];
const OLD_COUNT_JOB = defineJob('test.count', z.object({ n: z.unknown() }));

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logLines.push(line) } });
  queue = createJobQueue(server.handle, server.config.databaseUrl, server.built.ctx.log);
  queue.register(COUNT_JOB, async ({ n }) => void seen.push(n));
  queue.register(FLAKY_JOB, async ({ n }) => {
    flakyRuns.push(n);
    if (n === 2 && flakyRuns.filter((r) => r === 2).length === 1) throw new Error('two fails once');
  });
  await queue.start({ work: true });
});
afterAll(async () => {
  await queue?.stop();
  await server?.close();
});

const stateOf = async (n: unknown) =>
  (
    await server.handle.executeSql(`select state from pgboss.job where name = 'test.count' and data->>'n' = $1`, [String(n)])
  ).rows.map((r) => r.state);

describe('jobs', () => {
  it('refuses to send a payload that does not fit its queue, and queues nothing', async () => {
    await expect(queue.enqueue(COUNT_JOB, { n: 1.5 })).rejects.toThrow(z.ZodError);
    expect(await stateOf(1.5)).toEqual([]);
  });

  it('hands the handler the checked payload', async () => {
    await queue.enqueue(COUNT_JOB, { n: 7 });
    await expect.poll(() => seen).toContain(7);
    await expect.poll(() => stateOf(7)).toEqual(['completed']);
  });

  it('retries only the job that failed: the others fetched with it are not run again', async () => {
    await Promise.all([1, 2, 3].map((n) => queue.enqueue(FLAKY_JOB, { n })));
    // The first retry comes after 5 to 10 s (retryDelay 5, with backoff).
    await expect.poll(() => flakyRuns.filter((r) => r === 2).length, { timeout: 20_000 }).toBe(2);
    const { rows } = await server.handle.executeSql(
      `select data->>'n' as n, state, retry_count from pgboss.job where name = 'test.flaky' order by data->>'n'`,
    );
    expect(rows).toEqual([
      { n: '1', state: 'completed', retry_count: 0 },
      { n: '2', state: 'completed', retry_count: 1 },
      { n: '3', state: 'completed', retry_count: 0 },
    ]);
    expect([...flakyRuns].sort()).toEqual([1, 2, 2, 3]);
  }, 30_000);

  it('drops a queued payload that does not fit, with a log line, instead of failing it on every retry', async () => {
    await queue.enqueue(OLD_COUNT_JOB, { n: 'eight' });
    await expect.poll(() => stateOf('eight')).toEqual(['completed']);
    expect(seen).not.toContain('eight');
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.msg?.includes('does not fit its queue'));
    expect(line).toMatchObject({ queue: 'test.count', level: 50 });
    expect(line.issues[0].path).toEqual(['n']);
  });
});

describe('tickers', () => {
  it('run every interval on a worker, never two runs at once, log an error and go on, and stop with the queue', async () => {
    const worker = createJobQueue(server.handle, server.config.databaseUrl, server.built.ctx.log);
    const api = createJobQueue(server.handle, server.config.databaseUrl, server.built.ctx.log);
    let runs = 0;
    let running = 0;
    let overlapped = false;
    let apiRuns = 0;
    const tick = async () => {
      runs++;
      overlapped ||= running > 0;
      running++;
      // Slower than the interval: the ticks meanwhile are skipped.
      await new Promise((r) => setTimeout(r, 120));
      running--;
      if (runs === 2) throw new Error('tick two failed');
    };
    worker.every('test.tick', 50, tick);
    api.every('test.tick', 50, async () => void apiRuns++);
    await worker.start({ work: true });
    await api.start({ work: false });
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    await worker.stop();
    await api.stop();
    const stoppedAt = runs;
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(stoppedAt);
    expect(overlapped).toBe(false);
    expect(apiRuns).toBe(0);
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'ticker run failed');
    expect(line).toMatchObject({ ticker: 'test.tick', level: 50, err: { message: 'tick two failed' } });
  });
});
