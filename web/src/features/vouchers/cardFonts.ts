import type { CardFont, MeasureText } from '@splashboard/contract';

/** Helvetica and Courier are the PDF's fonts; Arial and Liberation have the same widths where they are missing. */
export const CARD_FONTS: Record<CardFont, string> = {
  regular: 'Helvetica, Arial, "Liberation Sans", sans-serif',
  bold: 'Helvetica, Arial, "Liberation Sans", sans-serif',
  mono: '"Courier New", Courier, "Liberation Mono", monospace',
};
/** Where pdfkit puts the baseline below the top of a line: the fonts' ascenders (Helvetica 718, Courier Bold 629). */
export const CARD_FONT_ASCENT: Record<CardFont, number> = { regular: 0.718, bold: 0.718, mono: 0.629 };

let context: CanvasRenderingContext2D | null | undefined;
/** Text widths in the browser's fonts, for the shared card layout (a rough guess where there is no canvas). */
export const previewMeasure: MeasureText = (text, font, size) => {
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return text.length * size * 0.55;
  context.font = `${font === 'regular' ? 'normal' : 'bold'} ${size}px ${CARD_FONTS[font]}`;
  return context.measureText(text).width;
};
