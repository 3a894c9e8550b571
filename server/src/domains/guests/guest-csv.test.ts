import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, slug } from './guest-csv.ts';
import { parseCsv } from '../../../test/fixtures/guests.ts';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and reads back the same', () => {
    const cells = ['plain', 'a, b', 'say "hi"', 'two\nlines', '', 'Ñandú'];
    expect(csvLine(cells)).toBe('plain,"a, b","say ""hi""","two\nlines",,Ñandú\r\n');
    expect(parseCsv(csvLine(cells))).toEqual([cells]);
  });

  it('defuses text a spreadsheet would run as a formula, and leaves our own numbers alone', () => {
    expect(['=1+1', '+34600111222', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+34600111222",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
    expect([12, 0, true, false, null, undefined].map(csvCell)).toEqual(['12', '0', 'Yes', 'No', '', '']);
  });

  it('names files from site names in plain letters', () => {
    expect(slug('Harbour Café & Bar')).toBe('harbour-cafe-bar');
    expect(slug('★★★')).toBe('site');
  });
});
