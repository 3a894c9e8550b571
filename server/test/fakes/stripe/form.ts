/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket notation
 * (`items[0][price]=price_x`, `expand[]=data.product`, `metadata[account_id]=5`), read into nested
 * objects and arrays. Query strings of GET requests use the same notation.
 */
import type { Obj } from './store.ts';

export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    let node: Obj = root;
    path.forEach((segment, i) => {
      // `[]` appends: the next free position among the node's keys.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[name] = value;
      else {
        if (typeof node[name] !== 'object' || node[name] === null) node[name] = {};
        node = node[name];
      }
    });
  }
  return withArrays(root, '') as Obj;
}

function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? key, ...rest];
}

/** Objects whose keys are all indices become arrays (metadata keeps its keys, whatever they look like). */
function withArrays(value: unknown, parentKey: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Obj).map(([k, v]) => [k, withArrays(v, k)] as const);
  const indexed = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (indexed && parentKey !== 'metadata') {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}
