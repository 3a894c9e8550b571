import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
const ROBOTO_DIR = path.join(path.dirname(require.resolve('@fontsource/roboto/package.json')), 'files');

/** The report's typeface (Roboto, latin: Spanish accents, − and no-break spaces), as font file bytes. */
export type ReportWeight = 'regular' | 'bold';
/** Each weight's latin file, and its latin-ext file for names in Central European languages and others. */
export type ReportFontFile = ReportWeight | 'regular-ext' | 'bold-ext';
const FILES: Record<ReportFontFile, string> = {
  regular: 'roboto-latin-400-normal.woff',
  bold: 'roboto-latin-700-normal.woff',
  'regular-ext': 'roboto-latin-ext-400-normal.woff',
  'bold-ext': 'roboto-latin-ext-700-normal.woff',
};

/**
 * A WOFF font as the TrueType font it wraps: its tables inflated once, instead of at every read
 * (fontkit reading the WOFF itself inflates a table each time a glyph is looked up).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  const power = 2 ** Math.floor(Math.log2(count));
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(t.tag, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const bytes = new Map<ReportFontFile, Buffer>();
/** A font file as TrueType bytes, read and unwrapped once. */
export function fontBytes(weight: ReportFontFile): Buffer {
  let b = bytes.get(weight);
  if (!b) {
    b = woffToSfnt(readFileSync(path.join(ROBOTO_DIR, FILES[weight])));
    bytes.set(weight, b);
  }
  return b;
}

interface Glyph {
  path: { commands: { command: string; args: number[] }[] };
}
interface Font {
  unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): { glyphs: Glyph[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[] };
}
const fonts = new Map<ReportFontFile, Font>();
function fontOf(weight: ReportFontFile): Font {
  let f = fonts.get(weight);
  if (!f) {
    f = fontkit.create(fontBytes(weight)) as unknown as Font;
    fonts.set(weight, f);
  }
  return f;
}

const r = (v: number) => (Math.round(v * 100) / 100).toString();

/** How wide `text` is at `size` px. */
export function textWidth(text: string, size: number, weight: ReportWeight = 'regular'): number {
  const font = fontOf(weight);
  const run = font.layout(text);
  return (run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * size) / font.unitsPerEm;
}

/**
 * `text` as an SVG path's `d` (outlines, so the rasterizer needs no fonts), its baseline at `y` and
 * `x` its start, middle or end as `anchor` says.
 */
export function textPath(
  text: string,
  x: number,
  y: number,
  size: number,
  opts: { anchor?: 'start' | 'middle' | 'end'; weight?: ReportWeight } = {},
): string {
  const weight = opts.weight ?? 'regular';
  const font = fontOf(weight);
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  const width = run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale;
  let penX = opts.anchor === 'middle' ? x - width / 2 : opts.anchor === 'end' ? x - width : x;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    const ox = penX + pos.xOffset * scale;
    const oy = y - pos.yOffset * scale;
    const pt = (px: number, py: number) => `${r(ox + px * scale)} ${r(oy - py * scale)}`;
    for (const { command, args } of glyph.path.commands) {
      const a = args;
      if (command === 'moveTo') parts.push(`M${pt(a[0]!, a[1]!)}`);
      else if (command === 'lineTo') parts.push(`L${pt(a[0]!, a[1]!)}`);
      else if (command === 'quadraticCurveTo') parts.push(`Q${pt(a[0]!, a[1]!)} ${pt(a[2]!, a[3]!)}`);
      else if (command === 'bezierCurveTo') parts.push(`C${pt(a[0]!, a[1]!)} ${pt(a[2]!, a[3]!)} ${pt(a[4]!, a[5]!)}`);
      else if (command === 'closePath') parts.push('Z');
    }
    penX += pos.xAdvance * scale;
  });
  return parts.join('');
}

/**
 * `text` split where it needs the latin-ext file (Ł, ő, ș…): runs to set one after the other, each with
 * whether it takes the -ext file. Characters in neither stay in the latin file.
 */
export function fontRuns(text: string, weight: ReportWeight): { text: string; ext: boolean }[] {
  const latin = fontOf(weight);
  const ext = fontOf(`${weight}-ext`);
  const runs: { text: string; ext: boolean }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const useExt = !latin.hasGlyphForCodePoint(cp) && ext.hasGlyphForCodePoint(cp);
    const last = runs.at(-1);
    if (last && last.ext === useExt) last.text += ch;
    else runs.push({ text: ch, ext: useExt });
  }
  return runs;
}
