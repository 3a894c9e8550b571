import type { RenderedReport, ReportRenderInput } from '../report-types.ts';

/**
 * Integration scaffold: the figures as a plain table. The report-render work replaces this file whole
 * (MJML layout, charts drawn on the server, the PDF); its signature stays.
 */
export async function renderReport(input: ReportRenderInput): Promise<RenderedReport> {
  const rows = Object.entries(input.figures)
    .filter(([key]) => key !== 'daily')
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  const name = input.siteName ?? input.accountName;
  return {
    subject: `${name}: ${input.period.from} – ${input.period.to}`,
    text: rows.join('\n'),
    html: `<pre>${rows.join('\n').replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`,
    attachments: [],
  };
}
