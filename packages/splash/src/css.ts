import {
  FONT_WEIGHTS,
  GUEST_FONTS,
  HEADING_SIZE_EM,
  SYSTEM_FONT_STACK,
  type LoginMethodStyles,
  type SplashDesign,
} from '@splashboard/contract';

// The ranges of @fontsource's (Google Fonts') latin and latin-ext subsets. Latin covers English and
// Spanish and is preloaded; latin-ext is fetched only by a page with a character of its range.
const SUBSETS = [
  {
    name: 'latin',
    preload: true,
    range:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
  {
    name: 'latin-ext',
    preload: false,
    range:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
];

/**
 * A design's font: the phone's own (nothing to fetch) unless the design picks one of our webfonts; then
 * its @font-face rules (regular and bold, latin subsets, woff2, served by our own server, never a CDN)
 * for the page's stylesheet, and the files to preload so that they download beside the page.
 */
export function fontOf(design: SplashDesign): { cssFamily: string; faces: string; preloads: string[] } {
  const font = GUEST_FONTS.find((f) => f.family === design.body_fontfamily);
  if (!font) return { cssFamily: SYSTEM_FONT_STACK, faces: '', preloads: [] };
  const file = (subset: string, weight: number) =>
    `/static/guest/fonts/${font.slug}/files/${font.slug}-${subset}-${weight}-normal.woff2`;
  const faces = FONT_WEIGHTS.flatMap((weight) =>
    SUBSETS.map(
      (s) =>
        `@font-face{font-family:'${font.family}';font-style:normal;font-weight:${weight};font-display:swap;` +
        `src:url(${file(s.name, weight)}) format('woff2');unicode-range:${s.range}}`,
    ),
  ).join('');
  const preloads = FONT_WEIGHTS.flatMap((weight) => SUBSETS.filter((s) => s.preload).map((s) => file(s.name, weight)));
  return { cssFamily: `'${font.family}', ${font.fallback}`, faces, preloads };
}

// CSS values come from validated settings (colours, whole numbers, our own image links); quotes and
// angle brackets are still stripped so that nothing can leave the style element.
const v = (value: string | number) => String(value).replace(/[<>"'\\;{}]/g, '');

const BACKGROUND: Record<SplashDesign['body_config'], string> = {
  cover: 'center/cover no-repeat fixed',
  contain: 'center/contain no-repeat fixed',
  repeat: 'top left repeat',
  center: 'center no-repeat',
};

const BASE =
  `*{box-sizing:border-box}html,body{margin:0}body{font-family:var(--font);color:#1f2933;min-height:100vh;display:flex;justify-content:center;align-items:flex-start;padding:16px;line-height:1.45}
.card{width:100%;max-width:440px;margin-top:3vh;padding:24px 20px;box-shadow:0 2px 14px rgba(0,0,0,.14)}
.logo img{max-width:min(var(--logo),100%);max-height:var(--logo);height:auto}
.heading{text-align:center;margin:8px 0 16px}.heading h1,.heading h2,.heading h3{margin:.3em 0}
h1.h2{font-size:1.5em}h1.h3{font-size:1.17em}h1.h4{font-size:1em}h1.h5{font-size:.83em}h1.h6{font-size:.67em}
.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
form{display:flex;flex-direction:column;gap:14px;margin:0}label,.lbl{display:block;font-size:14px;font-weight:700;margin-bottom:4px}
input,select,textarea{width:100%;padding:12px;font:inherit;font-size:16px;border:1px solid var(--fbd);border-radius:8px;color:var(--fc);background:var(--fbg)}
input[aria-invalid=true]{border-color:#b71c1c;box-shadow:0 0 0 1px #b71c1c}input::placeholder{color:var(--fph)}input[type=checkbox],input[type=radio]{width:22px;height:22px;flex:none;margin:0;accent-color:var(--chk)}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:400}.radios{display:flex;gap:16px;flex-wrap:wrap}.radios label{display:flex;gap:6px;align-items:center;font-weight:400}
.btn{display:block;width:100%;padding:14px;font:inherit;font-size:16px;font-weight:700;border:1px solid;border-radius:8px;text-align:center;text-decoration:none;cursor:pointer}
.go{color:var(--bc);background:var(--bbg);border-color:var(--bbd)}.back{color:var(--kc);background:var(--kbg);border-color:var(--kbd)}
.stack{display:flex;flex-direction:column;gap:12px}.stack>p,form>p{margin:0}.err{color:#b71c1c;font-size:14px;margin:4px 0 0}
.note{padding:12px;border-radius:8px;background:#f1f5f9;font-size:14px;margin:0}.test-mode{margin-bottom:16px}.note.bad{background:#fdecea;color:#8a1c1c}.note.ok{background:#e7f5ec;color:#1b5e20}
div.gdpr{margin-bottom:8px}.gdpr{font-size:13px;border-top:1px solid #e2e8f0;padding-top:10px}.gdpr summary{cursor:pointer;font-weight:700}.gdpr h4{margin:8px 0 0;font-size:13px}.gdpr p{margin:2px 0}
.details{margin:0;font-size:14px}.details div{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-bottom:1px solid #e2e8f0}.details dt{font-weight:700}.details dd{margin:0;text-align:right;overflow-wrap:anywhere}
.legal{white-space:pre-line;font-size:14px;max-height:50vh;overflow:auto;border:1px solid #e2e8f0;border-radius:8px;padding:12px}
.foot{margin-top:20px;text-align:center;font-size:13px}.foot p{margin:6px 0}.foot a[hreflang]{display:inline-block;padding:13px 16px}.foot img{max-height:24px;vertical-align:middle}
.copy{word-break:break-all;font-size:12px;line-height:1.35;max-height:calc(5 * 1.35em + 16px);overflow:auto;-webkit-user-select:all;user-select:all;background:#f1f5f9;padding:8px;border-radius:6px}
.suggest{margin-top:8px}#wifi4eubanner{display:block;max-width:100%;height:auto;margin:0 auto}
.packages,.facts{list-style:none;padding:0;margin:0}.package{border:1px solid #d5dde5;border-radius:8px;padding:14px}.package .price{float:right;margin-left:8px}.facts{font-size:14px;color:#3e4c59}.facts li{padding:2px 0}#payment-element{min-height:40px}` +
  // The sizes of the heading editor, relative to the heading's own.
  Object.entries(HEADING_SIZE_EM)
    .map(([size, em]) => `.heading [data-size=${size}]{font-size:${em}}`)
    .join('');

/** The page's stylesheet: the base rules, the design, and the colours of the screen's method. */
export function pageCss(design: SplashDesign, styles: LoginMethodStyles, prefix: string): string {
  const s = (part: string, fallback: string) => v(styles[`${prefix}_${part}`] || fallback);
  const font = fontOf(design);
  const bg = design.html_image ? ` url("${v(design.html_image)}") ${BACKGROUND[design.body_config]}` : '';
  const vars = [
    // Our own font names (an enum), quoted where needed: not operator text.
    `--font:${font.cssFamily}`,
    `--logo:${v(design.logo_size)}px`,
    `--fc:${s('fields_color', '#1f2933')}`,
    `--fbg:${s('fields_backgroundcolor', '#ffffff')}`,
    `--fbd:${s('fields_bordercolor', '#c5ced8')}`,
    `--fph:${s('fields_placeholdercolor', '#8a96a3')}`,
    `--bc:${s('loginbtn_color', '#ffffff')}`,
    `--bbg:${s('loginbtn_backgroundcolor', '#1565c0')}`,
    `--bbd:${s('loginbtn_bordercolor', '#1565c0')}`,
    `--kc:${s('backbtn_color', '#1565c0')}`,
    `--kbg:${s('backbtn_backgroundcolor', '#ffffff')}`,
    `--kbd:${s('backbtn_bordercolor', '#c5ced8')}`,
    `--chk:${s('checkbox_color', '#1565c0')}`,
  ].join(';');
  return (
    font.faces +
    `:root{${vars}}${BASE}` +
    `body{background:${v(design.body_color)}${bg}}` +
    `.card{background:${v(design.grid_color)};border-radius:${v(design.grid_border_radius)}px}` +
    `.logo{text-align:${v(design.logo_align)}}` +
    `.foot{color:${v(design.bottomtext_color)}}.foot a{color:${v(design.tos_color)}}` +
    `.tos1{color:${v(design.partialtos1_color)}}.tos2{color:${v(design.partialtos2_color)}}` +
    `.tosl{color:${v(design.tos_color)}}.prl{color:${v(design.privacy_color)}}`
  );
}
