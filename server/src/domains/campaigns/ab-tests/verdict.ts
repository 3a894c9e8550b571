/** How many points the posteriors are integrated over; enough for three decimals at any sample size. */
const GRID = 4000;
/** How far (in standard deviations) past each posterior's mean the integration reaches. */
const REACH = 10;
/** The chance a verdict must reach to be called sure, and the impressions each variant needs first. */
export const SURE_CHANCE = 0.95;
export const SURE_IMPRESSIONS = 100;

export interface VariantOutcome {
  impressions: number;
  granted: number;
}

/** Beta(1 + granted, 1 + impressions - granted): the conversion rate's posterior from a uniform prior. */
const posterior = ({ impressions, granted }: VariantOutcome) => {
  const a = 1 + Math.max(0, Math.min(granted, impressions));
  const b = 1 + Math.max(0, impressions - granted);
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  return { a, b, mean, sd };
};

/**
 * For each variant, the chance that its conversion rate is the highest: the integral over x of its
 * posterior density at x times every other posterior's probability of being below x, computed on a
 * grid over where the posteriors lie (deterministic: the same counts always give the same answer).
 */
export function chancesToWin(outcomes: readonly VariantOutcome[]): number[] {
  if (outcomes.length === 0) return [];
  if (outcomes.length === 1) return [1];
  const ps = outcomes.map(posterior);
  const lo = Math.max(0, Math.min(...ps.map((p) => p.mean - REACH * p.sd)));
  const hi = Math.min(1, Math.max(...ps.map((p) => p.mean + REACH * p.sd)));
  const step = (hi - lo) / GRID;
  const xs = Array.from({ length: GRID }, (_, i) => lo + (i + 0.5) * step);
  // Each posterior as probability mass per grid cell (computed in logs, normalised on the grid).
  const masses = ps.map(({ a, b }) => {
    const logs = xs.map((x) => (a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x));
    const top = Math.max(...logs);
    const raw = logs.map((l) => Math.exp(l - top));
    const total = raw.reduce((s, v) => s + v, 0);
    return raw.map((v) => v / total);
  });
  // Below each cell: the mass of the cells before it plus half its own (ties in a cell split evenly).
  const below = masses.map((m) => {
    let run = 0;
    return m.map((v) => {
      const at = run + v / 2;
      run += v;
      return at;
    });
  });
  const chances = masses.map((m, i) =>
    m.reduce((sum, v, k) => sum + v * below.reduce((prod, other, j) => (j === i ? prod : prod * other[k]!), 1), 0),
  );
  const total = chances.reduce((s, v) => s + v, 0);
  return chances.map((c) => (total > 0 ? c / total : 1 / chances.length));
}

export interface Verdict {
  /** The index of the leading variant. */
  leader: number;
  chance: number;
  /** The leader is at least SURE_CHANCE likely best and every variant has SURE_IMPRESSIONS impressions. */
  sure: boolean;
}

/** The leader by chance to win, or null before any variant was seen. */
export function verdictOf(outcomes: readonly VariantOutcome[], chances: readonly number[]): Verdict | null {
  if (!outcomes.length || outcomes.every((o) => o.impressions === 0)) return null;
  let leader = 0;
  chances.forEach((c, i) => {
    if (c > chances[leader]!) leader = i;
  });
  const chance = chances[leader]!;
  return { leader, chance, sure: chance >= SURE_CHANCE && outcomes.every((o) => o.impressions >= SURE_IMPRESSIONS) };
}
