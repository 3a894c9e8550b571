import { describe, expect, it } from 'vitest';
import { chancesToWin, verdictOf } from './verdict.ts';

describe('chance to win', () => {
  it('splits evenly between variants with the same counts', () => {
    const chances = chancesToWin([
      { impressions: 200, granted: 40 },
      { impressions: 200, granted: 40 },
      { impressions: 200, granted: 40 },
    ]);
    for (const c of chances) expect(c).toBeCloseTo(1 / 3, 3);
  });

  it('matches the exact answer for Beta(2,1) against Beta(1,1): 2/3', () => {
    // One impression granted gives Beta(2,1); nothing seen gives the uniform Beta(1,1); P(X > Y) = ∫ 2x·x dx = 2/3.
    const [a, b] = chancesToWin([
      { impressions: 1, granted: 1 },
      { impressions: 0, granted: 0 },
    ]);
    expect(a).toBeCloseTo(2 / 3, 3);
    expect(b).toBeCloseTo(1 / 3, 3);
  });

  it('matches the normal approximation for large samples (10 % against 12 % of 2000)', () => {
    // Difference 0.02, sd sqrt(0.1·0.9/2000 + 0.12·0.88/2000) ≈ 0.00990: P(B > A) = Φ(2.02) ≈ 0.978.
    const [a, b] = chancesToWin([
      { impressions: 2000, granted: 200 },
      { impressions: 2000, granted: 240 },
    ]);
    expect(b).toBeCloseTo(0.978, 2);
    expect(a! + b!).toBeCloseTo(1, 6);
  });

  it('is the same every time for the same counts', () => {
    const counts = [
      { impressions: 150, granted: 30 },
      { impressions: 140, granted: 35 },
    ];
    expect(chancesToWin(counts)).toEqual(chancesToWin(counts));
  });
});

describe('verdict', () => {
  it('is too early before any impression', () => {
    const counts = [
      { impressions: 0, granted: 0 },
      { impressions: 0, granted: 0 },
    ];
    expect(verdictOf(counts, chancesToWin(counts))).toBeNull();
  });

  it('names the leader but is not sure under 100 impressions a variant, however clear', () => {
    const counts = [
      { impressions: 99, granted: 5 },
      { impressions: 99, granted: 60 },
    ];
    expect(verdictOf(counts, chancesToWin(counts))).toMatchObject({ leader: 1, sure: false });
  });

  it('is sure at 95 % with 100 impressions each', () => {
    const counts = [
      { impressions: 2000, granted: 200 },
      { impressions: 2000, granted: 240 },
    ];
    const verdict = verdictOf(counts, chancesToWin(counts))!;
    expect(verdict).toMatchObject({ leader: 1, sure: true });
    expect(verdict.chance).toBeGreaterThan(0.95);
  });
});
