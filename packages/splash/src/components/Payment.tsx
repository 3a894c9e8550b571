import { fill, stringsFor } from '../i18n/index.ts';
import type { PaymentPackageView, PaymentScreen, SplashView } from '../model.ts';
import { declineMessages, packageFacts, priceOf } from '../payment-format.ts';
import { sanitizeHtml } from '../sanitize.ts';

type Styles = PaymentScreen['styles'];
const buttonStyle = (s: Styles, name: string) => ({
  color: s[`payment_${name}_color`],
  background: s[`payment_${name}_backgroundcolor`],
  borderColor: s[`payment_${name}_bordercolor`],
});

const Notice = ({ notice }: { notice: PaymentScreen['notice'] }) =>
  notice ? (
    <p className={`note${notice.tone === 'error' ? ' bad' : notice.tone === 'success' ? ' ok' : ''}`} role="alert">
      {notice.text}
    </p>
  ) : null;

/** One package: its name, price and what it gives, and the button that chooses it. */
function PackageCard({ view, styles, p }: { view: SplashView; styles: Styles; p: PaymentPackageView }) {
  const t = stringsFor(view.lang);
  return (
    <li className="package">
      <form method="post" action="payment" className="stack">
        <input type="hidden" name="step" value="choose" />
        <input type="hidden" name="package" value={String(p.id)} />
        <h2 className="h3" style={{ margin: 0 }}>
          {p.name} <span className="price">{priceOf(view.lang, p)}</span>
        </h2>
        {p.trial ? <p className="note ok">{t.packageTrial}</p> : null}
        {p.description ? <p>{p.description}</p> : null}
        <ul className="facts">
          {packageFacts(view.lang, p).map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <button
          className="btn go"
          type="submit"
          style={buttonStyle(styles, 'loginbtn')}
          aria-label={`${t.packageChoose}: ${p.name}`}
        >
          {t.packageChoose}
        </button>
      </form>
    </li>
  );
}

/** Step 1: the site's packages on sale, in their order, and the sign-in of guests who already paid. */
function Packages({ view, screen }: { view: SplashView; screen: PaymentScreen }) {
  const t = stringsFor(view.lang);
  const s = screen.styles;
  const packages = screen.packages ?? [];
  return (
    <div className="stack">
      <Notice notice={screen.notice} />
      {packages.length ? (
        <ul className="packages stack">
          {packages.map((p) => (
            <PackageCard key={p.id} view={view} styles={s} p={p} />
          ))}
        </ul>
      ) : (
        <p className="note">{t.packagesNone}</p>
      )}
      {screen.signIn ? (
        <form method="post" action="payment" className="stack">
          <input type="hidden" name="step" value="signin" />
          <div
            className="heading"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(s.payment_alreadypaid_heading_htmltext ?? '') }}
          />
          <button className="btn back" type="submit" style={buttonStyle(s, 'gotoaccountbtn')}>
            {s.payment_gotoaccountbtn_text || t.alreadyPaidLink}
          </button>
        </form>
      ) : null}
      {screen.backHref ? (
        <a className="btn back" href={screen.backHref}>
          {s.payment_backbtn_text || t.back}
        </a>
      ) : null}
    </div>
  );
}

/**
 * Step 3: Stripe's Payment Element in this page (captive-portal mini browsers open no pop-ups or windows),
 * mounted and confirmed by our checkout script from the form's data; 3-D Secure opens in the page too.
 */
function Pay({ view, screen }: { view: SplashView; screen: PaymentScreen }) {
  const t = stringsFor(view.lang);
  const s = screen.styles;
  const c = screen.checkout;
  const price = screen.chosen ? priceOf(view.lang, screen.chosen) : '';
  return (
    <div className="stack">
      {screen.chosen ? <p className="note">{fill(t.paymentChosen, { name: screen.chosen.name, price })}</p> : null}
      <Notice notice={screen.notice} />
      {c ? (
        <>
          <div className="heading" dangerouslySetInnerHTML={{ __html: sanitizeHtml(s.payment_card_heading_htmltext ?? '') }} />
          <noscript>
            <p className="note bad">{t.paymentNeedsScript}</p>
          </noscript>
          <form
            id="checkout"
            className="stack"
            data-publishable-key={c.publishableKey}
            data-stripe-account={c.stripeAccount ?? ''}
            data-client-secret={c.clientSecret}
            data-return-path={c.returnPath}
            data-locale={view.lang.slice(0, 2)}
            data-messages={JSON.stringify(declineMessages(view.lang))}
          >
            <div id="payment-element" />
            <p className="err" id="checkout-error" role="alert" hidden />
            <button className="btn go" type="submit" id="pay" style={buttonStyle(s, 'makepaymentbtn')} disabled>
              {s.payment_makepaymentbtn_text ? `${s.payment_makepaymentbtn_text} (${price})` : fill(t.paymentPay, { price })}
            </button>
          </form>
          <script src={c.stripeJsUrl} />
          <script src={c.scriptUrl} />
        </>
      ) : null}
      {c && screen.elsewhere ? <Elsewhere view={view} elsewhere={screen.elsewhere} /> : null}
      {screen.backHref ? (
        <a className="btn back" href={screen.backHref}>
          {s.payment_backbtn_text || t.back}
        </a>
      ) : null}
    </div>
  );
}

/** "Finish in your browser": for wallets and bank apps the mini browser cannot open. */
function Elsewhere({ view, elsewhere }: { view: SplashView; elsewhere: NonNullable<PaymentScreen['elsewhere']> }) {
  const t = stringsFor(view.lang);
  return (
    <form method="post" action={elsewhere.action} className="stack">
      {Object.entries(elsewhere.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="note">{fill(t.paymentElsewhereHint, { minutes: elsewhere.minutes })}</p>
      <button className="btn back" type="submit">
        {t.paymentElsewhere}
      </button>
    </form>
  );
}

export function Payment({ view, screen }: { view: SplashView; screen: PaymentScreen }) {
  return screen.step === 'pay' ? <Pay view={view} screen={screen} /> : <Packages view={view} screen={screen} />;
}
