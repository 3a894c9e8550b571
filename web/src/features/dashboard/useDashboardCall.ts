import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, get } from '../../app/api.ts';

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
    get<T>(url).then(
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
