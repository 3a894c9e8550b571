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
          {heading ? <div className="heading" dangerouslySetInnerHTML={{ __html: sanitizeHtml(heading) }} /> : null}
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
              <p>
                {design.splash_page_powered_by_logo ? <img src={design.splash_page_powered_by_logo} alt="" /> : null}{' '}
                {design.splash_page_powered_by_text}
              </p>
            ) : null}
          </footer>
        </main>
      </body>
    </html>
  );
}
