import { describe, expect, it } from 'vitest';
import { DEFAULT_SPLASH_DESIGN } from '@splashboard/contract';
import { firstScreenOf, previewHtml, type PreviewSource } from './previewScreens.ts';

const source = (loginMethods: PreviewSource['loginMethods']): PreviewSource => ({
  lang: 'en-US',
  siteName: 'Main Street',
  design: DEFAULT_SPLASH_DESIGN,
  loginMethods,
  styles: () => undefined,
  values: () => undefined,
  fields: () => undefined,
});

describe('the splash preview of the voucher logins', () => {
  it('draws the multi-site voucher screen with its own heading and Connect button', () => {
    const html = previewHtml(source(['multisitevoucher']), 'method:multisitevoucher');
    expect(html).toContain('<h2>Enter your voucher code</h2>');
    expect(html).toMatch(/type="submit">Connect<\/button>/);
  });

  it('offers one "Use a voucher" on the start page where both voucher logins are on, as the portal does', () => {
    expect(firstScreenOf(['voucher', 'multisitevoucher'], ['voucher', 'multisitevoucher'])).toBe('method:voucher');
    const start = previewHtml(source(['voucher', 'multisitevoucher', 'clickthrough']), 'start');
    expect(start.match(/Use a voucher/g)).toHaveLength(1);
  });
});
