import writeExcelFile from 'write-excel-file/node';

/** An upload form with one file, as the dashboard's import sends it. */
export function fileForm(body: string | Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type }), filename);
  return form;
}

export const csvForm = (text: string, filename = 'accounts.csv') => fileForm(text, filename, 'text/csv');

/** A real .xlsx workbook (first sheet) made with write-excel-file. */
export async function xlsxForm(rows: (string | number | null)[][], filename = 'accounts.xlsx') {
  const buffer = await writeExcelFile(rows).toBuffer();
  return fileForm(buffer, filename, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
}
