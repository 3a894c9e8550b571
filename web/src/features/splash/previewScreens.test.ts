import { describe, expect, it } from 'vitest';
import { DEFAULT_SPLASH_DESIGN } from '@splashboard/contract';
import { firstScreenOf, previewHtml, type PreviewSource } from './previewScreens.ts';
import type { LoginMethod } from './resources.ts';

// The preview is the page guests get: its start page offers the methods the portal offers
// (server/src/portal/portal.routes.ts startPage), paid access included.

const source = (loginMethods: LoginMethod[]): PreviewSource => ({
  lang: 'en-US',
  siteName: 'Harbour Café',
  design: DEFAULT_SPLASH_DESIGN,
  loginMethods,
  styles: () => undefined,
  values: () => undefined,
  fields: () => undefined,
});
const startButtons = (html: string) => [...html.matchAll(/<a class="btn go" href="(\w+)"/g)].map((m) => m[1]);

describe('the preview of the start page', () => {
  it('draws the start page with every method, paid access included, in their order', () => {
    const methods: LoginMethod[] = ['clickthrough', 'payment', 'email'];
    expect(firstScreenOf(methods, methods)).toBe('start');
    expect(startButtons(previewHtml(source(methods), 'start'))).toEqual(['clickthrough', 'payment', 'email']);
  });

  it('opens on the site’s one method, without a way back to a start page', () => {
    expect(firstScreenOf(['payment'], ['payment'])).toBe('method:payment');
    expect(firstScreenOf(['atos', 'payment'], ['payment'])).toBe('terms');
    expect(previewHtml(source(['email']), 'method:email')).not.toContain('href="./"');
    expect(previewHtml(source(['voucher', 'email']), 'method:email')).toContain('href="./"');
  });
});

describe('the splash preview of the voucher logins', () => {
  it('draws the multi-site voucher screen with its own heading and Connect button', () => {
    const html = previewHtml(source(['multisitevoucher']), 'method:multisitevoucher');
    // The guest page's one h1, sized as the h2 the operator wrote (the preview is the guest page).
    expect(html).toContain('<h1 class="h2">Enter your voucher code</h1>');
    expect(html).toMatch(/type="submit">Connect<\/button>/);
  });

  it('offers one "Use a voucher" on the start page where both voucher logins are on, as the portal does', () => {
    expect(firstScreenOf(['voucher', 'multisitevoucher'], ['voucher', 'multisitevoucher'])).toBe('method:voucher');
    const start = previewHtml(source(['voucher', 'multisitevoucher', 'clickthrough']), 'start');
    expect(start.match(/Use a voucher/g)).toHaveLength(1);
  });
});
