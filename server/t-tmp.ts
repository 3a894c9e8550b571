import { writeFileSync } from 'node:fs';
import { renderReport } from './src/domains/reports/render/render-report.ts';
import { sampleReport } from './src/domains/reports/render/report-sample.test-data.ts';
import { pdfText } from './test/pdf-text.ts';
for (const lang of ['en-US', 'es-ES'] as const) {
  const t = Date.now();
  const r = await renderReport(sampleReport({ lang }));
  console.log(lang, 'ms', Date.now() - t, r.subject, r.html.length, r.attachments.map((a) => [a.filename, a.cid, Buffer.from(a.contentBase64, 'base64').length]));
  let html = r.html;
  for (const a of r.attachments) if (a.cid) html = html.replace(`cid:${a.cid}`, `data:image/png;base64,${a.contentBase64}`);
  writeFileSync(`/tmp/i23r/${lang}.html`, html);
  writeFileSync(`/tmp/i23r/${lang}.txt`, r.text);
  const pdf = Buffer.from(r.attachments.at(-1)!.contentBase64, 'base64');
  writeFileSync(`/tmp/i23r/${lang}.pdf`, pdf);
  console.log(await pdfText(pdf));
}
const t = Date.now();
await renderReport(sampleReport({ lang: 'es-ES' }));
console.log('warm ms', Date.now() - t);
