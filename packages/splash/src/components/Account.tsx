import { stringsFor } from '../i18n/index.ts';
import type { AccountScreen, SplashView } from '../model.ts';
import { packageFacts, priceOf } from '../payment-format.ts';

type Styles = AccountScreen['styles'];
const buttonStyle = (s: Styles, name: string) => ({
  color: s[`payment_${name}_color`],
  background: s[`payment_${name}_backgroundcolor`],
  borderColor: s[`payment_${name}_bordercolor`],
});

/** The sign-in form: the payment account's email and password. */
function SignIn({ view, screen }: { view: SplashView; screen: AccountScreen }) {
  const t = stringsFor(view.lang);
  const errors = screen.errors ?? {};
  return (
    <form method="post" action="account/signin" className="stack" noValidate>
      <p>{t.accountSignInIntro}</p>
      {(['email', 'password'] as const).map((name) => (
        <div key={name}>
          <label htmlFor={`f-${name}`}>{name === 'email' ? t.paymentEmailLabel : t.accountPasswordLabel}</label>
          <input
            id={`f-${name}`}
            name={name}
            type={name === 'email' ? 'email' : 'password'}
            autoComplete={name === 'email' ? 'email' : 'current-password'}
            defaultValue={name === 'email' ? screen.email : undefined}
            required
            maxLength={200}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `f-${name}-err` : undefined}
          />
          {errors[name] ? (
            <p className="err" id={`f-${name}-err`} role="alert">
              {errors[name]}
            </p>
          ) : null}
        </div>
      ))}
      <button className="btn go" type="submit" style={buttonStyle(screen.styles, 'loginbtn')}>
        {t.accountSignIn}
      </button>
    </form>
  );
}

/** The signed-in guest: package, devices, payments, renewal and sign-out. */
function Overview({ view, screen }: { view: SplashView; screen: AccountScreen }) {
  const t = stringsFor(view.lang);
  const a = screen.account!;
  const s = screen.styles;
  return (
    <div className="stack">
      <section className="stack" aria-labelledby="account-package">
        <h2 className="h3" id="account-package" style={{ margin: 0 }}>
          {t.accountPackage}: {a.packageName || t.accountNoPackage}
        </h2>
        <ul className="facts">
          {a.startsAt ? <li>{`${t.accountStarts}: ${a.startsAt}`}</li> : null}
          {a.endsAt ? <li>{`${a.ended ? t.accountEnded : t.accountEnds}: ${a.endsAt}`}</li> : null}
          <li>{`${t.accountDataUsed}: ${a.dataUsed}`}</li>
        </ul>
      </section>
      <section className="stack" aria-labelledby="account-devices">
        <h2 className="h3" id="account-devices" style={{ margin: 0 }}>
          {t.accountDevices}
        </h2>
        {a.devices.length ? (
          <ul className="facts">
            {a.devices.map((d) => (
              <li key={d.mac}>
                <form method="post" action="account/disconnect">
                  <input type="hidden" name="mac" value={d.mac} />
                  {d.mac}{' '}
                  <button className="btn back" type="submit" aria-label={`${t.accountDisconnect} ${d.mac}`}>
                    {t.accountDisconnect}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="note">{t.accountNoDevices}</p>
        )}
      </section>
      <section className="stack" aria-labelledby="account-payments">
        <h2 className="h3" id="account-payments" style={{ margin: 0 }}>
          {t.accountPayments}
        </h2>
        {a.payments.length ? (
          <ul className="facts">
            {a.payments.map((p, i) => (
              <li key={i}>
                {`${p.date} · ${p.packageName} · ${p.amount} · ${p.status}`}
                {p.invoiceHref ? (
                  <>
                    {' '}
                    <a href={p.invoiceHref}>{t.accountInvoice}</a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="note">{t.accountNoPayments}</p>
        )}
      </section>
      {screen.packages?.length ? (
        <section className="stack" aria-labelledby="account-renew">
          <h2 className="h3" id="account-renew" style={{ margin: 0 }}>
            {t.accountRenew}
          </h2>
          <p>{t.accountRenewIntro}</p>
          <ul className="packages stack">
            {screen.packages.map((p) => (
              <li key={p.id} className="package">
                <form method="post" action="account/renew" className="stack">
                  <input type="hidden" name="package" value={String(p.id)} />
                  <input type="hidden" name="price" value={String(p.price)} />
                  <strong>
                    {p.name} <span className="price">{priceOf(view.lang, p)}</span>
                  </strong>
                  <ul className="facts">
                    {packageFacts(view.lang, p).map((fact) => (
                      <li key={fact}>{fact}</li>
                    ))}
                  </ul>
                  <button
                    className="btn go"
                    type="submit"
                    style={buttonStyle(s, 'loginbtn')}
                    aria-label={`${t.accountRenew}: ${p.name}`}
                  >
                    {`${t.accountRenew}: ${p.name}`}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <form method="post" action="account/signout">
        <button className="btn back" type="submit">
          {t.accountSignOut}
        </button>
      </form>
    </div>
  );
}

/** The guests' customer portal, in the splash pages' look. */
export function Account({ view, screen }: { view: SplashView; screen: AccountScreen }) {
  const notice = screen.notice;
  return (
    <div className="stack">
      {screen.account ? <p>{screen.account.email}</p> : null}
      {notice ? (
        <p className={`note${notice.tone === 'error' ? ' bad' : notice.tone === 'success' ? ' ok' : ''}`} role="alert">
          {notice.text}
        </p>
      ) : null}
      {screen.account ? <Overview view={view} screen={screen} /> : <SignIn view={view} screen={screen} />}
    </div>
  );
}
