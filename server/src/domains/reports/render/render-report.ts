import type { RenderedReport, ReportRenderInput } from '../report-types.ts';
import { hoursChart, trendChart } from './report-charts.ts';
import { reportHtml, reportText, type ReportContent } from './report-email.ts';
import { accentOf } from './report-look.ts';
import { formatPeriod, pdfFilename } from './report-period.ts';
import { reportPdf } from './report-pdf.ts';
import { reportTiles } from './report-tiles.ts';
import { REPORT_WORDS } from './report-words.ts';

/** Content ids of the charts, as the html shows them (`cid:…`). */
export const TREND_CID = 'report-trend@splashboard';
export const HOURS_CID = 'report-hours@splashboard';

/**
 * A report email in the recipient's language: the chosen figures beside the previous period's, the charts
 * drawn on the server (inline PNGs), and the same as a PDF attachment, in the operator's brand.
 */
export async function renderReport(input: ReportRenderInput): Promise<RenderedReport> {
  const w = REPORT_WORDS[input.lang];
  const accent = accentOf(input.brand.accentColor);
  const { period: p } = input;
  const charts: ReportContent['charts'] = [];
  if (input.figures.daily.length > 1 && (input.chosen.includes('guests') || input.chosen.includes('logins')))
    charts.push({ cid: TREND_CID, ...trendChart(input, accent) });
  if (input.chosen.includes('busiest_hours') && input.figures.busiest_hours)
    charts.push({ cid: HOURS_CID, ...hoursChart(input, accent, input.figures.busiest_hours) });
  const content: ReportContent = {
    input,
    accent,
    heading: w.report[input.frequency],
    scope: input.siteName ?? w.allSites(input.siteCount),
    period: formatPeriod(input.lang, p.from, p.to),
    previousPeriod: formatPeriod(input.lang, p.previousFrom, p.previousTo),
    tiles: reportTiles(input),
    charts,
  };
  const subject = w.subject(content.heading, input.siteName ?? input.accountName, content.period);
  const pdf = await reportPdf(content, subject);
  return {
    subject,
    html: reportHtml(content, subject),
    text: reportText(content),
    attachments: [
      ...charts.map((chart) => ({
        filename: `${chart.cid.split('@')[0]}.png`,
        contentType: 'image/png',
        contentBase64: chart.png.toString('base64'),
        cid: chart.cid,
      })),
      { filename: pdfFilename(p.from, p.to), contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ],
  };
}
