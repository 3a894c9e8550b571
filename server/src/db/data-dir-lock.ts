import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * The embedded database's folder is one process's at a time: a second PGlite on the same files (the
 * server and `npm run demo:data` together, or two servers) corrupts them beyond repair. The first to open
 * writes its process id into `<folder>.lock`; another process finding a live one refuses to start. A lock
 * left by a process that died is taken over.
 */
export function lockDataDir(dir: string): { release(): void } {
  const file = `${dir}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder !== process.pid && isRunning(holder))
        throw new Error(
          `The embedded database in ${dir} is in use by another process (pid ${holder}). Stop it first: ` +
            'one process at a time on the embedded database (or set DATABASE_URL to use PostgreSQL).',
        );
      rmSync(file, { force: true });
    }
  }
  const release = () => {
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  // A crash or process.exit() skips close(): the lock goes with the process all the same.
  process.once('exit', release);
  return {
    release() {
      process.off('exit', release);
      release();
    },
  };
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
