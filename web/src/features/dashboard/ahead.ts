import { get } from '../../app/api.ts';

// Kept apart from the hook (no React here): start-up's prefetch chunk carries only this.

/** Calls asked ahead of their tile (with start-up, or while the layout loads), handed to it when it mounts. */
export interface Ahead {
  answer: Promise<unknown>;
  /** The answer once it is in: a tile mounting after it draws at once, with no loading pass. */
  settled?: { data: unknown };
}
export const ahead = new Map<string, Ahead>();
const AHEAD_MS = 30_000;

export function prefetch(url: string) {
  if (ahead.has(url)) return;
  const entry: Ahead = { answer: get<unknown>(url) };
  entry.answer.then(
    (data) => (entry.settled = { data }),
    () => {}, // a failure is reported by the tile that takes it
  );
  ahead.set(url, entry);
  setTimeout(() => ahead.get(url) === entry && ahead.delete(url), AHEAD_MS);
}

/** The answer asked ahead for this address (consumed), or a fresh call. */
export function take<T>(url: string): Promise<T> {
  const entry = ahead.get(url);
  ahead.delete(url);
  return (entry?.answer as Promise<T> | undefined) ?? get<T>(url);
}
