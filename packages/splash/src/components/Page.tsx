import type { ReactNode } from 'react';
import { fontOf } from '../css.ts';
import { fill, stringsFor } from '../i18n/index.ts';
import type { SplashView } from '../model.ts';
import { sanitizeHtml } from '../sanitize.ts';

interface Props {
  view: SplashView;
  css: string;
  heading?: string;
  /** Extra tags for the head (WiFi4EU's snippet, a refresh). */
  head?: ReactNode;
  children: ReactNode;
  /** The terms line under the form (off on the terms pages themselves). */
  showTerms?: boolean;
}

/**
 * The operator's heading is the page's one `h1` (axe `page-has-heading-one`). Headings were written as
 * `<h2>` and operators may type any level: the first heading element becomes an `h1` that keeps its level's
 * look (class `hN`, sized as that level); a heading with no heading element is marked as the page's heading;
 * an empty one leaves a hidden `h1` naming the site.
 */
export function promoteHeading(html: string): { html: string; role: 'none' | 'heading' | 'empty' } {
  const safe = sanitizeHtml(html);
  if (!safe.replace(/<[^>]*>|&nbsp;|\s/g, '')) return { html: '', role: 'empty' };
  if (/<h1>/.test(safe)) return { html: safe, role: 'none' };
  const first = /<h([2-6])>/.exec(safe);
  if (!first) return { html: safe, role: 'heading' };
  const level = first[1]!;
  // The sanitizer closes every element it opens, so the first closing tag of this level closes it.
  const close = safe.indexOf(`</h${level}>`, first.index);
  return {
    html:
      safe.slice(0, first.index) +
      `<h1 class="h${level}">` +
      safe.slice(first.index + first[0].length, close) +
      '</h1>' +
      safe.slice(close + first[0].length + 1),
    role: 'none',
  };
}

function Heading({ html, siteName }: { html: string; siteName: string }) {
  const h = promoteHeading(html);
  if (h.role === 'empty') return <h1 className="vh">{siteName}</h1>;
  if (h.role === 'heading')
    return <div className="heading" role="heading" aria-level={1} dangerouslySetInnerHTML={{ __html: h.html }} />;
  return <div className="heading" dangerouslySetInnerHTML={{ __html: h.html }} />;
}

/** The frame of every guest page: logo, heading, the screen, then terms, language and powered-by. */
export function Page({ view, css, heading, head, children, showTerms = true }: Props) {
  const { design, lang, linked } = view;
  const t = stringsFor(lang);
  const other = lang === 'es-ES' ? { lang: 'en-US', name: 'English' } : { lang: 'es-ES', name: 'Español' };
  return (
    <html lang={lang.slice(0, 2)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{fill(t.pageTitle, { site: view.siteName })}</title>
        {fontOf(design).preloads.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <style dangerouslySetInnerHTML={{ __html: css }} />
        {head}
      </head>
      <body>
        <main className="card">
          {design.logo_image ? (
            <div className="logo">
              <img src={design.logo_image} alt={view.siteName} />
            </div>
          ) : null}
          {heading === undefined ? null : <Heading html={heading} siteName={view.siteName} />}
          {children}
          <footer className="foot">
            {showTerms && linked ? (
              <p>
                <span className="tos1">{design.partialtos1_text}</span>{' '}
                <a className="tosl" href="terms">
                  {design.tos_text}
                </a>{' '}
                <span className="tos2">{design.partialtos2_text}</span>{' '}
                <a className="prl" href="privacy">
                  {design.privacy_text}
                </a>
              </p>
            ) : null}
            {linked ? (
              <p>
                <a href={`lang/${other.lang}`} hrefLang={other.lang.slice(0, 2)} lang={other.lang.slice(0, 2)}>
                  {other.name}
                </a>
              </p>
            ) : null}
            {design.splash_page_powered_by_text || design.splash_page_powered_by_logo ? (
              <p className="powered">
                {view.poweredByLink ? (
                  <a href={view.poweredByLink} rel="noopener">
                    {design.splash_page_powered_by_logo ? <img src={design.splash_page_powered_by_logo} alt="" /> : null}{' '}
                    {design.splash_page_powered_by_text}
                  </a>
                ) : (
                  <>
                    {design.splash_page_powered_by_logo ? <img src={design.splash_page_powered_by_logo} alt="" /> : null}{' '}
                    {design.splash_page_powered_by_text}
                  </>
                )}
              </p>
            ) : null}
          </footer>
        </main>
      </body>
    </html>
  );
}
