/**
 * CSV as PostgreSQL's COPY reads it (FORMAT csv, HEADER): every value quoted, a null as an empty unquoted field,
 * so that an archive can also be loaded back by `\copy … from … csv header` without us.
 */
export function csvLine(values: (string | null)[]): string {
  return values.map((v) => (v === null ? '' : `"${v.replaceAll('"', '""')}"`)).join(',') + '\n';
}

/** Rows of CSV text arriving in chunks (quoted fields may hold commas, quotes and line breaks); null for an empty unquoted field. */
export async function* csvRows(chunks: AsyncIterable<string>): AsyncGenerator<(string | null)[]> {
  let row: (string | null)[] = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  let quoteSeen = false;
  const endField = () => {
    row.push(quoted ? field : field === '' ? null : field);
    field = '';
    quoted = false;
  };
  for await (const chunk of chunks) {
    for (const ch of chunk) {
      if (inQuotes) {
        if (quoteSeen) {
          quoteSeen = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          inQuotes = false;
        } else if (ch === '"') {
          quoteSeen = true;
          continue;
        } else {
          field += ch;
          continue;
        }
      }
      if (ch === '"') {
        inQuotes = true;
        quoted = true;
      } else if (ch === ',') endField();
      else if (ch === '\n') {
        endField();
        yield row;
        row = [];
      } else if (ch !== '\r') field += ch;
    }
  }
  if (quoteSeen) inQuotes = false;
  if (inQuotes) throw new Error('The archive ends inside a quoted value: it is cut short');
  if (field !== '' || quoted || row.length > 0) {
    endField();
    yield row;
  }
}
