import { Resvg } from '@resvg/resvg-js';
import type { ReportLang, ReportRenderInput } from '../report-types.ts';
import { textPath, textWidth } from './report-fonts.ts';
import { formatAxisDay } from './report-period.ts';
import { REPORT_WORDS } from './report-words.ts';

/** A chart's size in CSS pixels, as the email shows it; the PNG has twice the pixels for sharp screens. */
export const CHART_WIDTH = 560;
export const CHART_HEIGHT = 240;
const PIXEL_RATIO = 2;

const PAD = { left: 48, right: 12, top: 40, bottom: 30 };
const GRID = '#e3e6ea';
const INK = '#5f6b76';
const SECOND = '#455a64';
const PREVIOUS = '#b8c2cc';

export interface ChartImage {
  png: Buffer;
  /** What the chart shows, for the image's alt text. */
  title: string;
}

const r = (v: number) => (Math.round(v * 100) / 100).toString();

/** A round step (1, 2, 5 × 10ⁿ, at least 1) that splits 0–max into about four. */
function niceScale(max: number): { top: number; step: number } {
  const raw = Math.max(1, max) / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag);
  return { top: Math.max(step, Math.ceil(Math.max(1, max) / step) * step), step };
}

/** The frame every chart shares: white ground, horizontal grid with its numbers, and a legend on top. */
function frame(lang: ReportLang, max: number, legend: { label: string; colour: string; line?: boolean }[]) {
  const plotW = CHART_WIDTH - PAD.left - PAD.right;
  const plotH = CHART_HEIGHT - PAD.top - PAD.bottom;
  const { top, step } = niceScale(max);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const num = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const parts: string[] = [`<rect width="${CHART_WIDTH}" height="${CHART_HEIGHT}" fill="#ffffff"/>`];
  const labels: string[] = [];
  for (let v = 0; v <= top; v += step) {
    parts.push(`<path d="M${PAD.left} ${r(y(v))}H${CHART_WIDTH - PAD.right}" stroke="${GRID}" stroke-width="1"/>`);
    labels.push(textPath(num.format(v), PAD.left - 8, y(v) + 4, 11, { anchor: 'end' }));
  }
  let lx = PAD.left;
  for (const item of legend) {
    parts.push(
      item.line
        ? `<path d="M${lx} 19H${lx + 14}" stroke="${item.colour}" stroke-width="2.5"/><circle cx="${lx + 7}" cy="19" r="3" fill="${item.colour}"/>`
        : `<rect x="${lx}" y="13" width="12" height="12" rx="2" fill="${item.colour}"/>`,
    );
    labels.push(textPath(item.label, lx + 19, 23.5, 12));
    lx += 19 + textWidth(item.label, 12) + 22;
  }
  return { parts, labels, plotW, plotH, y };
}

function svgOf(parts: string[], labels: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}">${parts.join('')}<path fill="${INK}" d="${labels.join('')}"/></svg>`;
}

function rasterize(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: CHART_WIDTH * PIXEL_RATIO },
    font: { loadSystemFonts: false },
  });
  return resvg.render().asPng();
}

/** Guests (bars) and Wi-Fi logins (line) per day of the period. */
export function trendChart(input: ReportRenderInput, accent: string): ChartImage {
  const w = REPORT_WORDS[input.lang].charts;
  const days = input.figures.daily;
  const max = Math.max(0, ...days.map((d) => Math.max(d.guests, d.logins)));
  const { parts, labels, plotW, plotH, y } = frame(input.lang, max, [
    { label: w.guests, colour: accent },
    { label: w.logins, colour: SECOND, line: true },
  ]);
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.min(36, slot * 0.62);
  const every = Math.ceil(days.length / 8);
  const points: string[] = [];
  days.forEach((d, i) => {
    const cx = PAD.left + slot * (i + 0.5);
    const top = y(d.guests);
    if (d.guests > 0)
      parts.push(
        `<rect x="${r(cx - barW / 2)}" y="${r(top)}" width="${r(barW)}" height="${r(PAD.top + plotH - top)}" fill="${accent}"/>`,
      );
    points.push(`${r(cx)} ${r(y(d.logins))}`);
    if (i % every === 0) labels.push(textPath(formatAxisDay(input.lang, d.day), cx, CHART_HEIGHT - 10, 11, { anchor: 'middle' }));
  });
  if (points.length > 1)
    parts.push(`<path d="M${points.join('L')}" fill="none" stroke="${SECOND}" stroke-width="2" stroke-linejoin="round"/>`);
  for (const p of points) {
    const [cx, cy] = p.split(' ');
    parts.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${SECOND}"/>`);
  }
  return { png: rasterize(svgOf(parts, labels)), title: w.trendTitle };
}

/** Logins per local hour, this period beside the previous one. */
export function hoursChart(
  input: ReportRenderInput,
  accent: string,
  hours: { current: number[]; previous: number[] },
): ChartImage {
  const w = REPORT_WORDS[input.lang].charts;
  const max = Math.max(0, ...hours.current, ...hours.previous);
  const { parts, labels, plotW, plotH, y } = frame(input.lang, max, [
    { label: w.thisPeriod, colour: accent },
    { label: w.previousPeriod, colour: PREVIOUS },
  ]);
  const slot = plotW / 24;
  const barW = slot * 0.36;
  const hourLabel = new Intl.DateTimeFormat(input.lang, { hour: 'numeric', timeZone: 'UTC' });
  const bar = (x: number, v: number, colour: string) => {
    if (v <= 0) return;
    const top = y(v);
    parts.push(`<rect x="${r(x)}" y="${r(top)}" width="${r(barW)}" height="${r(PAD.top + plotH - top)}" fill="${colour}"/>`);
  };
  for (let h = 0; h < 24; h++) {
    const cx = PAD.left + slot * (h + 0.5);
    bar(cx - barW, hours.current[h] ?? 0, accent);
    bar(cx, hours.previous[h] ?? 0, PREVIOUS);
    if (h % 3 === 0)
      labels.push(
        textPath(hourLabel.format(Date.UTC(2000, 0, 1, h)).replace(/\u202f/g, ' '), cx, CHART_HEIGHT - 10, 11, {
          anchor: 'middle',
        }),
      );
  }
  return { png: rasterize(svgOf(parts, labels)), title: w.hoursTitle };
}
