import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, rangeProblem, rangeQuery, todayIn } from './range.ts';

// 2025-03-01 03:00 UTC: still 28 February in New York, already 1 March in Tokyo.
const now = new Date('2025-03-01T03:00:00Z');

describe('dashboard periods', () => {
  it('counts presets from today in the site time zone', () => {
    expect(todayIn('America/New_York', now)).toBe('2025-02-28');
    expect(todayIn('Asia/Tokyo', now)).toBe('2025-03-01');
    expect(presetRange('today', 'Asia/Tokyo', undefined, now)).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(presetRange('7d', 'America/New_York', undefined, now)).toEqual({ from: '2025-02-22', to: '2025-02-28' });
    expect(presetRange('30d', 'Asia/Tokyo', undefined, now)).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(presetRange('month', 'America/New_York', undefined, now)).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(presetRange('custom', 'UTC', { from: '2025-01-05', to: '2025-01-09' }, now)).toEqual({
      from: '2025-01-05',
      to: '2025-01-09',
    });
  });

  it('asks with DD/MM/YYYY dates and refuses what the server would', () => {
    expect(rangeQuery({ from: '2025-03-01', to: '2025-03-07' })).toEqual({ fromdate: '01/03/2025', todate: '07/03/2025' });
    expect(rangeProblem({ from: '2025-03-08', to: '2025-03-07' })).toBe('dateOrder');
    expect(rangeProblem({ from: '2024-01-01', to: '2025-03-07' })).toBe('tooLong');
    expect(rangeProblem({ from: '2024-03-07', to: '2025-03-07' })).toBeNull();
    expect(presetOf('nonsense')).toBe('30d');
  });
});
