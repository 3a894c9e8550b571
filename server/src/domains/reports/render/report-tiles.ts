import { REPORT_FIGURES, minorToDecimal, type ReportFigure } from '@splashboard/contract';
import type { Compared, ReportLang, ReportRenderInput } from '../report-types.ts';
import { REPORT_WORDS } from './report-words.ts';

/** Which way a figure moved, and whether that is good news (a rising bounce rate is not). */
export type Trend = 'up' | 'down' | 'flat';

/** One tile of the report as the email, its text and the PDF show it. */
export interface ReportTile {
  figure: ReportFigure;
  label: string;
  value: string;
  /** The previous period's value, formatted ("" where there is none to show). */
  previous: string;
  /** "+12%", "−3 pts", "0%" ("" where there is no comparison); `trend` says which way. */
  change: string;
  trend: Trend;
  good: boolean | null;
  /** A line under the value (the vouchers' counts). */
  note: string;
}

const number = (lang: ReportLang, value: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(value);

/** 65 -> "1 h 5 min"; 45 -> "45 min"; 120 -> "2 h". */
export function formatDuration(lang: ReportLang, minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  const num = (v: number) => number(lang, v);
  if (h === 0) return `${num(m)} min`;
  return m === 0 ? `${num(h)} h` : `${num(h)} h ${num(m)} min`;
}

/** 32.5 -> "32.5%" / "32,5 %". */
export const formatPercent = (lang: ReportLang, percent: number) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);

/** Minor units of `currency` as money in the language. */
export const formatMoney = (lang: ReportLang, minor: number, currency: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency }).format(Number(minorToDecimal(minor, currency)));

/** Hour 18 -> "6:00 PM–7:00 PM" / "18:00–19:00". */
export function formatHour(lang: ReportLang, hour: number): string {
  const f = new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  // The narrow no-break space before AM/PM as a no-break space (the PDF's typeface has the one, not the other).
  const at = (h: number) => f.format(Date.UTC(2000, 0, 1, h)).replace(/\u202f/g, '\u00a0');
  return `${at(hour)}–${at(hour + 1)}`;
}

/** ▲ or ▼ before a change in the email and its text (the PDF draws its own triangles). */
export const arrowOf = (trend: Trend) => (trend === 'up' ? '▲' : trend === 'down' ? '▼' : '');
const minus = (s: string) => s.replace(/^-/, '−');

/** The change as percent of the previous value. */
function percentChange(lang: ReportLang, c: Compared): { change: string; trend: Trend } {
  const trend: Trend = c.current > c.previous ? 'up' : c.current < c.previous ? 'down' : 'flat';
  if (c.previous === 0) return { change: c.current === 0 ? '' : REPORT_WORDS[lang].noPreviousData, trend };
  const ratio = (c.current - c.previous) / c.previous;
  const f = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  return { change: minus(f.format(ratio)), trend };
}

/** The change of a percentage, in points. */
function pointsChange(lang: ReportLang, c: Compared): { change: string; trend: Trend } {
  const diff = Math.round((c.current - c.previous) * 10) / 10;
  const trend: Trend = diff > 0 ? 'up' : diff < 0 ? 'down' : 'flat';
  const f = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return { change: `${minus(f.format(diff))} ${REPORT_WORDS[lang].points}`, trend };
}

function compared(
  figure: ReportFigure,
  lang: ReportLang,
  c: Compared,
  format: (v: number) => string,
  opts: { points?: boolean; upIsGood?: boolean; note?: string } = {},
): ReportTile {
  const { change, trend } = opts.points ? pointsChange(lang, c) : percentChange(lang, c);
  const upIsGood = opts.upIsGood ?? true;
  return {
    figure,
    label: REPORT_WORDS[lang].figures[figure],
    value: format(c.current),
    previous: format(c.previous),
    change,
    trend,
    good: trend === 'flat' ? null : (trend === 'up') === upIsGood,
    note: opts.note ?? '',
  };
}

const peak = (hours: number[]) => {
  const max = Math.max(0, ...hours);
  return max === 0 ? -1 : hours.indexOf(max);
};

/** The chosen figures the input holds, in the report's order, formatted in its language. */
export function reportTiles(input: ReportRenderInput): ReportTile[] {
  const { lang, figures: f } = input;
  const w = REPORT_WORDS[lang];
  const num = (v: number) => number(lang, v);
  const tiles: ReportTile[] = [];
  for (const figure of REPORT_FIGURES) {
    if (!input.chosen.includes(figure)) continue;
    switch (figure) {
      case 'guests':
      case 'new_guests':
      case 'logins': {
        const c = f[figure];
        if (c) tiles.push(compared(figure, lang, c, num));
        break;
      }
      case 'dwell_time':
        if (f.dwell_time) tiles.push(compared(figure, lang, f.dwell_time, (v) => formatDuration(lang, v)));
        break;
      case 'bounce_rate':
        if (f.bounce_rate)
          tiles.push(compared(figure, lang, f.bounce_rate, (v) => formatPercent(lang, v), { points: true, upIsGood: false }));
        break;
      case 'busiest_hours':
        if (f.busiest_hours) {
          const now = peak(f.busiest_hours.current);
          const before = peak(f.busiest_hours.previous);
          tiles.push({
            figure,
            label: w.figures.busiest_hours,
            value: now < 0 ? '—' : formatHour(lang, now),
            previous: before < 0 ? '—' : formatHour(lang, before),
            change: '',
            trend: 'flat',
            good: null,
            note: '',
          });
        }
        break;
      case 'vouchers':
        if (f.vouchers) {
          const v = f.vouchers;
          const note = `${w.vouchersActive}: ${num(v.active)} · ${w.vouchersUnused}: ${num(v.unused)} · ${w.vouchersExpiring}: ${num(v.expiring)}`;
          tiles.push(compared(figure, lang, v.activated, num, { note }));
        }
        break;
      case 'revenue':
        if (f.revenue) {
          const { currency } = f.revenue;
          tiles.push(compared(figure, lang, f.revenue.collected, (v) => formatMoney(lang, v, currency)));
        }
        break;
    }
  }
  return tiles;
}
