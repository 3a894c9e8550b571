import { useCallback, useEffect, useRef, useState } from 'react';
import { useErrorText } from '../../app/errorText.ts';
import { ahead, take } from './ahead.ts';

export interface CallState<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  retry: () => void;
}

interface State<T> {
  url: string | null;
  data: T | null;
  error: string | null;
  done: boolean;
}

/**
 * One GET of the dashboard, asked again whenever its address changes. The previous answer stays shown
 * while the next one loads, so changing the period does not blank the tile.
 */
export function useDashboardCall<T>(url: string | null, fallbackError: string): CallState<T> {
  // An answer already in (asked ahead) is the first state: the tile renders once, drawn.
  const [state, setState] = useState<State<T>>(() => {
    const settled = url ? ahead.get(url)?.settled : undefined;
    return settled ? { url, data: settled.data as T, error: null, done: true } : { url, data: null, error: null, done: false };
  });
  const answeredAtMount = useRef(state.done ? url : null);
  const [attempt, setAttempt] = useState(0);
  const errorText = useErrorText();
  useEffect(() => {
    if (!url) return;
    if (answeredAtMount.current === url) {
      answeredAtMount.current = null;
      ahead.delete(url);
      return;
    }
    let current = true;
    // Unchanged when already loading this address (the first mount): no render for nothing.
    setState((s) => (s.url === url && !s.done ? s : { ...s, url, done: false, error: null }));
    take<T>(url).then(
      (data) => current && setState({ url, data, error: null, done: true }),
      (err) => current && setState((s) => ({ ...s, url, error: errorText.error(err, fallbackError), done: true })),
    );
    return () => void (current = false);
  }, [url, attempt, fallbackError, errorText]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, loading: !state.done || state.url !== url, error: state.error, retry };
}
