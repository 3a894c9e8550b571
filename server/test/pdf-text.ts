import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF reader extracts from `pdf`, page after page, each line of text on a line of its own
 * (no-break spaces as plain spaces), as a user copying it would get it.
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const task = getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      let end: { x: number; y: number } | null = null;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [x, y] = [item.transform[4] as number, item.transform[5] as number];
        // Runs set apart on one line (a value and its label) read with a space between them.
        if (end && Math.abs(end.y - y) < 1 && x > end.x + 1 && !/\s$/.test(text)) text += ' ';
        text += item.str + (item.hasEOL ? '\n' : '');
        end = item.hasEOL ? null : { x: x + item.width, y };
      }
      pages.push(text);
    }
    return pages.join('\n').replace(/[\u00a0\u2009\u202f]/g, ' ');
  } finally {
    await task.destroy();
  }
}

/**
 * A PDF's page count and the text of some of its pages (1-based), as pdfText reads them: for a big PDF
 * whose first and last pages are enough.
 */
export async function pdfPagesText(pdf: Buffer | Uint8Array, pages: number[]): Promise<{ numPages: number; texts: string[] }> {
  const task = getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const texts: string[] = [];
    for (const n of pages) {
      const content = await (await doc.getPage(n)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return { numPages: doc.numPages, texts };
  } finally {
    await task.destroy();
  }
}
