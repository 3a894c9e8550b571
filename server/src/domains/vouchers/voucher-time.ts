/** How far a time zone is ahead of UTC at an instant, in milliseconds. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return local - Math.floor(instant / 1000) * 1000;
}

/** The last moment of a calendar day (YYYY-MM-DD) at a site, in its time zone. */
export function endOfDayIn(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 23, 59, 59, 999);
  let instant = wall - offsetMs(wall, timeZone);
  // Across a daylight-saving change the offset at the answer can differ from the first guess.
  const again = wall - offsetMs(instant, timeZone);
  if (again !== instant) instant = again;
  return new Date(instant);
}

/** A batch's valid_until as given: a date means the end of that day at the site. */
export const validUntilOf = (input: string | null, timeZone: string): Date | null =>
  input === null ? null : /^\d{4}-\d{2}-\d{2}$/.test(input) ? endOfDayIn(input, timeZone) : new Date(input);

/** Whole minutes from now until an instant (at least 0). */
export const minutesUntil = (at: Date, now = Date.now()) => Math.max(0, Math.floor((at.getTime() - now) / 60_000));
