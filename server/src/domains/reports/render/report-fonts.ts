import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
const ROBOTO_DIR = path.join(path.dirname(require.resolve('@fontsource/roboto/package.json')), 'files');

/** The report's typeface (Roboto, latin: Spanish accents, − and no-break spaces), as font file bytes. */
export type ReportWeight = 'regular' | 'bold';
const FILES: Record<ReportWeight, string> = {
  regular: 'roboto-latin-400-normal.woff',
  bold: 'roboto-latin-700-normal.woff',
};

const bytes = new Map<ReportWeight, Buffer>();
/** A weight's WOFF file, read once. */
export function fontBytes(weight: ReportWeight): Buffer {
  let b = bytes.get(weight);
  if (!b) {
    b = readFileSync(path.join(ROBOTO_DIR, FILES[weight]));
    bytes.set(weight, b);
  }
  return b;
}

interface Glyph {
  path: { commands: { command: string; args: number[] }[] };
}
interface Font {
  unitsPerEm: number;
  layout(text: string): { glyphs: Glyph[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[] };
}
const fonts = new Map<ReportWeight, Font>();
function fontOf(weight: ReportWeight): Font {
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
