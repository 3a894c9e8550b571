/**
 * A CSV file as rows of cells (RFC 4180: quoted cells may hold the separator, quotes doubled and line
 * breaks). The separator is the one the header line uses most: a comma, or the semicolon that Excel
 * writes where the decimal mark is a comma (Spain), or a tab.
 */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const separator = guessSeparator(body);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function guessSeparator(text: string): string {
  const end = text.search(/\r|\n/);
  const header = end === -1 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((s) => ({ s, n: header.split(s).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0]!.n > 0 ? counts[0]!.s : ',';
}

/** The file's text: UTF-8 when it is, else Windows-1252 (what Excel writes as "CSV" on Windows). */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
