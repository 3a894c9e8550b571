// Where a CPU profile's time went: self time summed by function and by file, from a `.cpuprofile`
// (`node --cpu-prof`, or BENCH_PROFILE=<dir> of the benchmarks).
// Usage: node bench/cpuprofile-summary.mjs <file.cpuprofile> [--last <seconds>] [--top <n>]
// --last keeps only the samples of the profile's last seconds (the load, without the start-up).
import { readFileSync } from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/cpuprofile-summary.mjs <file.cpuprofile> [--last <seconds>] [--top <n>]');
const opt = (name, fallback) => {
  const at = rest.indexOf(name);
  return at === -1 ? fallback : Number(rest[at + 1]);
};
const last = opt('--last', Infinity);
const top = opt('--top', 40);

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
// Sample i lasted until sample i + 1: its time is the next delta.
const times = [];
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  times.push(t);
}
const end = times.at(-1) ?? profile.endTime;
const from = end - last * 1e6;

const byFunction = new Map();
const byFile = new Map();
let total = 0;
let idle = 0;
const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'node_modules/')
    .replace(/^.*\/(server|packages)\//, '$1/') || '(native)';
for (let i = 0; i < profile.samples.length; i++) {
  if (times[i] < from) continue;
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000; // ms
  const node = nodes.get(profile.samples[i]);
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') {
    idle += dt;
    continue;
  }
  total += dt;
  const where = short(url);
  const fn = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  // Files by package: a dependency's files together.
  const pkg = where.startsWith('node_modules/')
    ? where
        .split('/')
        .slice(0, where.split('/')[1].startsWith('@') ? 3 : 2)
        .join('/')
    : where;
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + dt);
}

const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`);
};
console.log(`busy ${total.toFixed(0)} ms, idle ${idle.toFixed(0)} ms${Number.isFinite(last) ? ` (last ${last} s)` : ''}`);
print('self time by file (dependencies by package):', byFile);
print('self time by function:', byFunction);
