import mjml2html from 'mjml';
import type { ReportRenderInput } from '../report-types.ts';
import { INK, MUTED, TILE, changeColour, textOn } from './report-look.ts';
import { arrowOf, type ReportTile } from './report-tiles.ts';
import { REPORT_WORDS } from './report-words.ts';

/** What the email and the PDF both show, worked out once. */
export interface ReportContent {
  input: ReportRenderInput;
  accent: string;
  /** "Weekly report". */
  heading: string;
  /** The site's name or "All sites (3)". */
  scope: string;
  period: string;
  previousPeriod: string;
  tiles: ReportTile[];
  charts: { cid: string; title: string; png: Buffer }[];
}

const FONT = "'Helvetica Neue', Helvetica, Arial, sans-serif";
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const text = (attrs: string, body: string) => `<mj-text font-family="${FONT}" ${attrs}>${body}</mj-text>`;

const withArrow = (tile: ReportTile) => `${arrowOf(tile.trend)} ${tile.change}`.trim();

function tileColumn(tile: ReportTile, vsPrevious: string, previousWord: string): string {
  const change = tile.change
    ? `<div style="color:${changeColour(tile.good)};font-size:14px;font-weight:700;padding-top:6px">${esc(withArrow(tile))} <span style="color:${MUTED};font-weight:400">${esc(vsPrevious)}</span></div>`
    : '';
  const note = tile.note ? `<div style="color:${MUTED};font-size:12px;padding-top:6px">${esc(tile.note)}</div>` : '';
  return `
        <mj-column width="50%" padding="6px" inner-background-color="${TILE}" inner-border-radius="10px">
          ${text(
            `color="${INK}" padding="16px 18px" line-height="1.35"`,
            `<div style="color:${MUTED};font-size:13px;text-transform:uppercase;letter-spacing:0.5px">${esc(tile.label)}</div>` +
              `<div style="font-size:26px;font-weight:700;padding-top:4px">${esc(tile.value)}</div>` +
              change +
              `<div style="color:${MUTED};font-size:13px;padding-top:4px">${esc(previousWord)}: ${esc(tile.previous)}</div>` +
              note,
          )}
        </mj-column>`;
}

/** The report as MJML: brand, title and period, the tiles two by two, the charts, the dashboard button, the footer. */
export function reportMjml(c: ReportContent, subject: string): string {
  const { input, accent } = c;
  const w = REPORT_WORDS[input.lang];
  const brand = input.brand.logoUrl
    ? `<mj-image src="${esc(input.brand.logoUrl)}" alt="${esc(input.brand.productName)}" width="160px" align="left" padding="20px 24px" />`
    : text(`color="${accent}" font-size="20px" font-weight="700" padding="20px 24px"`, esc(input.brand.productName));
  const rows: string[] = [];
  for (let i = 0; i < c.tiles.length; i += 2) {
    const columns = c.tiles.slice(i, i + 2).map((t) => tileColumn(t, w.vsPrevious, w.previous));
    rows.push(`
    <mj-section background-color="#ffffff" padding="0 18px">${columns.join('')}
    </mj-section>`);
  }
  const charts = c.charts.map(
    (chart) => `
    <mj-section background-color="#ffffff" padding="16px 0 0">
      <mj-column>
        ${text(`color="${INK}" font-size="16px" font-weight="700" padding="8px 24px 4px"`, esc(chart.title))}
        <mj-image src="cid:${chart.cid}" alt="${esc(chart.title)}" width="560px" padding="4px 20px" />
      </mj-column>
    </mj-section>`,
  );
  const preview = c.tiles
    .slice(0, 3)
    .map((t) => `${t.label}: ${t.value}${t.change ? ` (${withArrow(t)})` : ''}`)
    .join(' · ');
  return `<mjml lang="${input.lang}">
  <mj-head>
    <mj-title>${esc(subject)}</mj-title>
    <mj-preview>${esc(preview)}</mj-preview>
  </mj-head>
  <mj-body background-color="#eef1f4" width="600px">
    <mj-section padding="16px 0 0"><mj-column><mj-spacer height="1px" /></mj-column></mj-section>
    <mj-section background-color="#ffffff" border-top="6px solid ${accent}" border-radius="8px 8px 0 0" padding="0">
      <mj-column>
        ${brand}
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="4px 0 12px">
      <mj-column>
        ${text(`color="${accent}" font-size="13px" font-weight="700" letter-spacing="1.5px" text-transform="uppercase" padding="0 24px"`, esc(c.heading))}
        ${text(`color="${INK}" font-size="26px" font-weight="700" line-height="1.25" padding="6px 24px 0"`, esc(c.scope))}
        ${text(`color="${INK}" font-size="16px" padding="6px 24px 0"`, esc(c.period))}
        ${text(`color="${MUTED}" font-size="13px" padding="4px 24px 0"`, esc(w.comparedWith(c.previousPeriod)))}
      </mj-column>
    </mj-section>${rows.join('')}${charts.join('')}
    <mj-section background-color="#ffffff" border-radius="0 0 8px 8px" padding="20px 0 28px">
      <mj-column>
        <mj-button href="${esc(input.dashboardUrl)}" background-color="${accent}" color="${textOn(accent)}" font-family="${FONT}" font-size="16px" font-weight="700" border-radius="6px" inner-padding="14px 28px">${esc(w.openDashboard)}</mj-button>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px 24px">
      <mj-column>
        ${text(`align="center" color="${MUTED}" font-size="12px" line-height="1.5"`, esc(w.footer(input.brand.productName)))}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** The email's html (MJML compiled, strictly validated). */
export function reportHtml(c: ReportContent, subject: string): string {
  const { html, errors } = mjml2html(reportMjml(c, subject), { validationLevel: 'strict', fonts: {}, keepComments: false });
  if (errors.length) throw new Error(`report MJML: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}

/** The plain-text alternative: the same figures, one a line. */
export function reportText(c: ReportContent): string {
  const w = REPORT_WORDS[c.input.lang];
  const lines = [
    `${c.heading}: ${c.scope}`,
    c.period,
    w.comparedWith(c.previousPeriod),
    '',
    ...c.tiles.flatMap((t) => [
      `${t.label}: ${t.value}${t.change ? ` (${withArrow(t)} ${w.vsPrevious})` : ''}`,
      `  ${w.previous}: ${t.previous}`,
      ...(t.note ? [`  ${t.note}`] : []),
    ]),
    '',
    `${w.openDashboard}: ${c.input.dashboardUrl}`,
    '',
    '--',
    w.footer(c.input.brand.productName),
  ];
  return `${lines.join('\n')}\n`;
}
