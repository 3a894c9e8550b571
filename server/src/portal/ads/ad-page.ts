import { escapeHtml, type GuestLang } from '@splashboard/splash';
import type { SplashAdRow } from '../../domains/campaigns/splash-ads/splash-ads.repo.ts';
import { AD_TEXTS } from './ad-texts.ts';

/** A gateway's login form (method, address, fields) the guest's browser posts to finish the login. */
export interface GatewayForm {
  action: string;
  method: 'post' | 'get';
  fields: Record<string, string>;
}

/** Posts the ad's continue form after its seconds (one fixed script: the page's policy names its hash). */
export const AD_CONTINUE_SCRIPT =
  "var f=document.getElementById('ad-continue');setTimeout(function(){f.submit()},Number(f.dataset.seconds)*1000);";

export interface AdLinks {
  /** Where the ad moves on to (the login form, the page after login, or a gateway's form to post). */
  skip: string | GatewayForm;
  /** The portal's click route (counts, then sends the guest to the ad's link). */
  click: string;
}

/**
 * The ad as a page of the portal: its sanitised HTML, a link when it has one, and a Skip link. With
 * auto-skip the page moves on by itself (a meta refresh, no script: the portal's CSP runs none); without,
 * the Skip link appears after autoskiptime seconds (a CSS animation's delay).
 */
export function adPage(ad: SplashAdRow, lang: GuestLang, links: AdLinks, siteName: string): string {
  const t = AD_TEXTS[lang];
  const seconds = ad.autoskiptime;
  const form = typeof links.skip === 'string' ? null : links.skip;
  const skip = typeof links.skip === 'string' ? escapeHtml(links.skip) : '';
  const refresh = ad.autoskip && !form ? `<meta http-equiv="refresh" content="${seconds};url=${skip}">` : '';
  const more = ad.linkUrl ? `<a class="more" href="${escapeHtml(links.click)}">${t.more}</a>` : '';
  const note = ad.autoskip
    ? `<p class="note" id="ad-countdown">${escapeHtml(t.continuesIn.replace('{{seconds}}', String(seconds)))}</p>`
    : '';
  const skipStyle = ad.autoskip ? '' : `#ad-skip{visibility:hidden;animation:show 0s ${seconds}s forwards}`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${escapeHtml(siteName)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f4f5f7;color:#1f2933}
main{max-width:640px;margin:0 auto;padding:12px}
header{display:flex;justify-content:space-between;align-items:center;font-size:13px;color:#52606d}
.ad{background:#fff;border-radius:8px;overflow:hidden;margin:8px 0}.ad img{max-width:100%;height:auto}
a.skip,.skip,a.more{display:inline-block;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600}
a.skip,.skip{background:#1f2933;color:#fff}button.skip{border:0;font:inherit;font-weight:600;cursor:pointer}form{margin:0}a.more{background:#fff;color:#1f2933;border:1px solid #cbd2d9}
.note{font-size:13px;color:#52606d;text-align:center}
@keyframes show{to{visibility:visible}}${skipStyle}</style></head>
<body><main data-ad="${ad.id}"><header><span>${t.label}</span>${form ? continueForm(form, t.skip, seconds) : `<a class="skip" id="ad-skip" href="${skip}">${t.skip}</a>`}</header>
<div class="ad">${ad.splashadHtml}</div>${more}${note}</main>${form && ad.autoskip ? `<script>${AD_CONTINUE_SCRIPT}</script>` : ''}</body></html>`;
}

/** The Skip button as the gateway's own form: the browser posts the guest's credentials to the gateway. */
function continueForm(form: GatewayForm, label: string, seconds: number) {
  const fields = Object.entries(form.fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<form id="ad-continue" method="${form.method}" action="${escapeHtml(form.action)}" data-seconds="${seconds}">${fields}<button class="skip" id="ad-skip" type="submit">${escapeHtml(label)}</button></form>`;
}
