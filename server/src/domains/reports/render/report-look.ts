/** Colours shared by the email, the charts and the PDF. */
export const INK = '#1f2933';
export const MUTED = '#616e7c';
export const GOOD = '#1b7f3b';
export const BAD = '#c62828';
export const TILE = '#f4f6f8';
const DEFAULT_ACCENT = '#1976d2';

/** The brand's accent as #rrggbb (the default where it is not one). */
export function accentOf(value: string): string {
  const v = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(v);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : DEFAULT_ACCENT;
}

/** Black or white, whichever reads better on `hex`. */
export function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return lum > 0.4 ? '#000000' : '#ffffff';
}

/** The colour of a change: green when good news, red when bad, grey otherwise. */
export const changeColour = (good: boolean | null) => (good === null ? MUTED : good ? GOOD : BAD);
