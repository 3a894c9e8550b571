import { renderToStaticMarkup } from 'react-dom/server';
import type { LoginMethodStyles } from '@splashboard/contract';
import { pageCss } from './css.ts';
import { MethodForm } from './components/MethodForm.tsx';
import { Page } from './components/Page.tsx';
import { Code, Legal, Message, Start, Terms } from './components/screens.tsx';
import { Payment } from './components/Payment.tsx';
import { Account } from './components/Account.tsx';
import type { Screen, SplashView } from './model.ts';
import { stringsFor } from './i18n/index.ts';

/** Multi-landing's own style names mapped onto the generic button variables. */
function startStyles(styles: LoginMethodStyles): LoginMethodStyles {
  return {
    multi_loginbtn_color: styles.multi_btns_color ?? '',
    multi_loginbtn_backgroundcolor: styles.multi_btns_backgroundcolor ?? '',
    multi_loginbtn_bordercolor: styles.multi_btns_bordercolor ?? '',
  };
}

function parts(view: SplashView, screen: Screen) {
  switch (screen.kind) {
    case 'method':
      return {
        css: pageCss(view.design, screen.styles, screen.method),
        heading: screen.styles[`${screen.method}_heading_htmltext`],
        body: <MethodForm view={view} screen={screen} />,
        head: screen.wifi4eu ? <Wifi4euSnippet {...screen.wifi4eu} /> : null,
      };
    case 'start':
      return {
        css: pageCss(view.design, startStyles(screen.styles), 'multi'),
        heading: screen.styles.multilanding_heading_htmltext,
        body: <Start view={view} screen={screen} />,
      };
    case 'terms':
      return {
        css: pageCss(view.design, screen.styles, 'atos'),
        heading: screen.styles.atos_heading_htmltext,
        body: <Terms view={view} screen={screen} />,
        showTerms: false,
      };
    case 'code':
      return {
        css: pageCss(view.design, screen.styles, screen.method),
        heading: screen.styles[`${screen.method}_heading_htmltext`],
        body: <Code view={view} screen={screen} />,
      };
    case 'message':
      return {
        css: pageCss(view.design, {}, 'none'),
        body: <Message screen={screen} />,
        head: screen.refresh ? (
          <meta httpEquiv="refresh" content={`${screen.refresh.seconds};url=${screen.refresh.url}`} />
        ) : null,
      };
    case 'payment':
      return {
        css: pageCss(view.design, screen.styles, 'payment'),
        heading: screen.styles.payment_heading_htmltext,
        body: <Payment view={view} screen={screen} />,
      };
    case 'account':
      return {
        css: pageCss(view.design, screen.styles, 'payment'),
        // Our own title, not the checkout's heading (a constant of ours: no operator text in it).
        heading: `<h2>${stringsFor(view.lang).accountTitle}</h2>`,
        body: <Account view={view} screen={screen} />,
      };
    case 'legal':
      return { css: pageCss(view.design, {}, 'none'), body: <Legal view={view} screen={screen} />, showTerms: false };
  }
}

/** WiFi4EU's required measurement snippet, with the network's identifier and language. */
function Wifi4euSnippet({
  networkId,
  lang,
  selftest,
  snippetUrl,
}: {
  networkId: string;
  lang: string;
  selftest: boolean;
  snippetUrl: string;
}) {
  const vars =
    `var wifi4euTimerStart = Date.now();\nvar wifi4euNetworkIdentifier = ${JSON.stringify(networkId)};\n` +
    `var wifi4euLanguage = ${JSON.stringify(lang)};\n` +
    (selftest ? 'var selftestModus = true;\n' : '');
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: vars.replace(/</g, '\\u003c') }} />
      <script src={snippetUrl} />
    </>
  );
}

/** A whole guest page as HTML, the same in the portal (on the server) and in the designer's preview. */
export function renderScreen(view: SplashView, screen: Screen): string {
  const p = parts(view, screen);
  return (
    '<!doctype html>' +
    renderToStaticMarkup(
      <Page view={view} css={p.css} heading={p.heading} head={p.head} showTerms={p.showTerms ?? true}>
        {p.body}
      </Page>,
    )
  );
}
