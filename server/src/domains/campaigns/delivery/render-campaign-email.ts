import { MERGE_FIELDS, type MergeField } from '@splashboard/contract';
import type { CampaignMessage } from './campaign-transport.ts';
import { GUEST_TEXTS, escapeHtml, fillText, type GuestLang } from './guest-texts.ts';
import type { TrackingTokens } from './tracking-tokens.ts';

export interface RenderInput {
  campaign: {
    subject: string;
    emailType: string;
    campaignHtml: string;
    plainText: string;
    trackOpens: boolean;
    trackClicks: boolean;
  };
  siteName: string;
  to: string;
  /** Each merge field's value for this recipient (missing: empty). */
  values: Partial<Record<MergeField, string>>;
  /** The recipient row the links track (0 for a test send: its links lead nowhere). */
  recipientId: number;
  lang: GuestLang;
  publicUrl: string;
  tokens: TrackingTokens;
}

const MERGE = new RegExp(`\\{\\{\\s*(${MERGE_FIELDS.join('|')})\\s*\\}\\}`, 'g');
const fill = (text: string, values: RenderInput['values'], escape: boolean) =>
  text.replace(MERGE, (_, name: MergeField) => (escape ? escapeHtml(values[name] ?? '') : (values[name] ?? '')));

/** The plain-text part made from the HTML: line breaks kept, links written out after their text. */
export function textFromHtml(html: string): string {
  return html
    .replace(/<(style|script|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => `${inner} (${href})`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n\s*\n+/g, '\n\n')
    .trim();
}

const beforeBodyEnd = (html: string, add: string) =>
  /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${add}</body>`) : html + add;

/**
 * One recipient's email: merge fields filled (escaped in the HTML), the plain-text part, tracking (the
 * open pixel, links through the click redirect) unless the campaign turned it off, the unsubscribe footer
 * in the guest's language and the one-click unsubscribe headers (RFC 8058). Its Message-ID is the
 * recipient's: an email sent again (its worker killed between the send and the row) is the same email, which
 * mail systems and clients show once.
 */
export function renderCampaignEmail(input: RenderInput): CampaignMessage {
  const { campaign, values, tokens, recipientId, publicUrl } = input;
  const t = GUEST_TEXTS[input.lang];
  const token = tokens.tokenOf(recipientId);
  const unsubscribeUrl = `${publicUrl}/m/u/${token}`;
  const footerText = fillText(t.footer, { site: input.siteName });

  let text = fill(campaign.plainText, values, false).trim();
  let html = '';
  if (campaign.emailType !== 'PlainText') {
    html = fill(campaign.campaignHtml, values, true);
    if (!text) text = textFromHtml(html);
    if (campaign.trackClicks)
      html = html.replace(/(<a\s[^>]*href=")(https?:\/\/[^"]+)(")/gi, (_, pre: string, href: string, post: string) => {
        const url = href.replace(/&amp;/g, '&');
        const sig = tokens.linkSignature(recipientId, url);
        return `${pre}${escapeHtml(`${publicUrl}/m/c/${token}?u=${encodeURIComponent(url)}&s=${sig}`)}${post}`;
      });
    const footer = `<p style="color:#777;font-size:12px;text-align:center;padding:16px">${escapeHtml(footerText)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#777">${escapeHtml(t.unsubscribeLink)}</a></p>`;
    const pixel = campaign.trackOpens
      ? `<img src="${publicUrl}/m/o/${token}" width="1" height="1" alt="" style="display:block;border:0">`
      : '';
    html = beforeBodyEnd(html, footer + pixel);
  }
  text = `${text}\n\n--\n${footerText}\n${t.unsubscribeLink}: ${unsubscribeUrl}\n`;
  return {
    to: input.to,
    subject: fill(campaign.subject, values, false).replace(/[\r\n]+/g, ' '),
    html,
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    ...(recipientId > 0 && { messageId: `<${token}@${new URL(publicUrl).hostname}>` }),
  };
}
