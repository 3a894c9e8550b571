import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, get } from '../../app/api.ts';

/** Calls asked ahead of their tile (while the layout loads), handed to the tile when it mounts. */
const ahead = new Map<string, Promise<unknown>>();
const AHEAD_MS = 30_000;

export function prefetch(url: string) {
  if (ahead.has(url)) return;
  const answer = get<unknown>(url);
  answer.catch(() => {}); // a failure is reported by the tile that takes it
  ahead.set(url, answer);
  setTimeout(() => ahead.get(url) === answer && ahead.delete(url), AHEAD_MS);
}

function take<T>(url: string): Promise<T> {
  const answer = ahead.get(url);
  ahead.delete(url);
  return (answer as Promise<T> | undefined) ?? get<T>(url);
}

export interface CallState<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  retry: () => void;
}

/**
 * One GET of the dashboard, asked again whenever its address changes. The previous answer stays shown
 * while the next one loads, so changing the period does not blank the tile.
 */
export function useDashboardCall<T>(url: string | null, fallbackError: string): CallState<T> {
  const [state, setState] = useState<{ url: string | null; data: T | null; error: string | null; done: boolean }>({
    url: null,
    data: null,
    error: null,
    done: false,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!url) return;
    let current = true;
    setState((s) => ({ ...s, url, done: false, error: null }));
    take<T>(url).then(
      (data) => current && setState({ url, data, error: null, done: true }),
      (err) =>
        current &&
        setState((s) => ({ ...s, url, error: err instanceof ApiFailure ? err.error.message : fallbackError, done: true })),
    );
    return () => void (current = false);
  }, [url, attempt, fallbackError]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, loading: !state.done || state.url !== url, error: state.error, retry };
}
