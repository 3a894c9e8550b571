/**
 * Likely typos in an email address's domain (`maria@gmial.con` → `maria@gmail.com`), from a short list of
 * the domains most guests use and an edit distance (Damerau–Levenshtein: a swapped pair counts as one
 * edit). Only a close miss of a listed domain is suggested; a domain on the list, or far from all of
 * them, is left alone (the DNS check still decides whether it can receive mail).
 */
const COMMON_DOMAINS = [
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.es', 'yahoo.co.uk', 'ymail.com', 'hotmail.com', 'hotmail.es',
  'hotmail.co.uk', 'hotmail.fr', 'outlook.com', 'outlook.es', 'live.com', 'msn.com', 'icloud.com', 'me.com',
  'mac.com', 'email.com', 'aol.com', 'protonmail.com', 'proton.me', 'gmx.com', 'gmx.de', 'gmx.net', 'web.de', 'mail.com',
  'yandex.com', 'zoho.com', 'comcast.net', 'verizon.net', 'att.net', 'orange.fr', 'free.fr', 'telefonica.net',
  'movistar.es', 'btinternet.com', 'sky.com', 'libero.it', 'qq.com', '163.com',
]; // prettier-ignore
const COMMON = new Set(COMMON_DOMAINS);

/**
 * Endings that are no real top-level domain but a slip on a common one (`example.con`). Real ones that look
 * like slips (`.cm`, `.co`, `.om`, `.ne`) are not here: guests there mean them.
 */
const TLD_TYPOS: Record<string, string> = {
  con: 'com', cmo: 'com', ocm: 'com', comm: 'com', cpm: 'com', vom: 'com', xom: 'com', copm: 'com', coom: 'com',
  nte: 'net', ent: 'net', nett: 'net', met: 'net', ogr: 'org', rog: 'org', orgg: 'org', ess: 'es',
}; // prettier-ignore

/** Edits allowed: one for short domains, two from 8 characters (`gmial.con` is two from `gmail.com`). */
const maxEdits = (length: number) => (length >= 8 ? 2 : 1);

/** Optimal string alignment distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The address with its likely intended domain, or null when nothing looks mistyped. */
export function suggestEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const local = email.slice(0, at);
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (!domain || COMMON.has(domain) || !/^[a-z0-9.-]+$/.test(domain)) return null;
  const limit = maxEdits(domain.length);
  let best: { domain: string; distance: number } | null = null;
  const nameOf = (d: string) => d.slice(0, d.indexOf('.'));
  const ending = domain.slice(domain.lastIndexOf('.') + 1);
  // A provider's name typed right (`yahoo.fr`, `hotmail.de`, `gmail.con`): only its ending can be the slip.
  const knownName = COMMON_DOMAINS.some((d) => nameOf(d) === nameOf(domain));
  for (const candidate of COMMON_DOMAINS) {
    if (knownName && (nameOf(candidate) !== nameOf(domain) || !(ending in TLD_TYPOS))) continue;
    const distance = editDistance(domain, candidate, limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { domain: candidate, distance };
  }
  if (best) return `${local}@${best.domain}`;
  // Any other domain: only a slip in its ending (`cafesol.con` → `cafesol.com`).
  const dot = domain.lastIndexOf('.');
  const fix = dot > 0 ? TLD_TYPOS[domain.slice(dot + 1)] : undefined;
  if (fix) return `${local}@${domain.slice(0, dot)}.${fix}`;
  return null;
}
