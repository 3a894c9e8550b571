import { stringsFor } from '../i18n/index.ts';
import {
  AUTO_SUBMIT_SCRIPT,
  type CodeScreen,
  type LegalScreen,
  type MessageScreen,
  type SplashView,
  type StartScreen,
  type TermsScreen,
} from '../model.ts';

/** Multi-landing: one button per login method. */
export function Start({ view, screen }: { view: SplashView; screen: StartScreen }) {
  const t = stringsFor(view.lang);
  return (
    <nav className="stack" aria-label={t.chooseMethod}>
      {screen.methods.map((m) => (
        <a key={m.method} className="btn go" href={m.href}>
          {t.methodButtons[m.method as keyof typeof t.methodButtons] ?? m.method}
        </a>
      ))}
    </nav>
  );
}

/** The terms screen: the terms and privacy texts, and an agree button. */
export function Terms({ view, screen }: { view: SplashView; screen: TermsScreen }) {
  const t = stringsFor(view.lang);
  const s = screen.styles;
  return (
    <form method="post" action="terms" className="stack" noValidate>
      {screen.notice ? <p className={`note${screen.notice.tone === 'error' ? ' bad' : ''}`}>{screen.notice.text}</p> : null}
      <p style={{ color: s.atos_description_color }}>{t.agreeHint}</p>
      <h3 style={{ color: s.atos_mainheading_color, margin: 0 }}>{view.design.tos_text}</h3>
      <div className="legal" style={{ color: s.atos_description_color }}>
        {view.design.tos_content}
      </div>
      <h3 style={{ color: s.atos_subheading_color, margin: 0 }}>{view.design.privacy_text}</h3>
      <div className="legal" style={{ color: s.atos_description_color }}>
        {view.design.privacy_content}
      </div>
      <button
        className="btn"
        type="submit"
        style={{
          color: s.atos_agreebtn_color,
          background: s.atos_agreebtn_backgroundcolor,
          borderColor: s.atos_agreebtn_bordercolor,
        }}
      >
        {s.atos_agreebtn_text || t.continue}
      </button>
    </form>
  );
}

/** A one-time code step (phone): the code, verify, and send again. */
export function Code({ view, screen }: { view: SplashView; screen: CodeScreen }) {
  const t = stringsFor(view.lang);
  const s = screen.styles;
  const p = screen.method;
  const otpStyle = {
    color: s[`${p}_otpbtn_color`],
    background: s[`${p}_otpbtn_backgroundcolor`],
    borderColor: s[`${p}_otpbtn_bordercolor`],
  };
  return (
    <div className="stack">
      <p className="note">{screen.intro}</p>
      <form method="post" action={screen.verifyAction} noValidate>
        <div>
          <label htmlFor="f-code">{t.codeLabel}</label>
          <input
            id="f-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={10}
            required
            aria-invalid={screen.error ? true : undefined}
            aria-describedby={screen.error ? 'f-code-err' : undefined}
          />
          {screen.error ? (
            <p className="err" id="f-code-err" role="alert">
              {screen.error}
            </p>
          ) : null}
        </div>
        <button className="btn" type="submit" style={otpStyle}>
          {s[`${p}_otpbtn_text`] || t.continue}
        </button>
      </form>
      {screen.resendAction ? (
        <form method="post" action={screen.resendAction}>
          <button className="btn back" type="submit">
            {s[`${p}_otpbtn_resendtext`] || t.tryAgain}
          </button>
        </form>
      ) : null}
      {screen.backHref ? (
        <a className="btn back" href={screen.backHref}>
          {s[`${p}_backbtn_text`] || t.back}
        </a>
      ) : null}
    </div>
  );
}

/** Connected, failed, expired...: a title, a sentence and at most one button. */
export function Message({ screen }: { screen: MessageScreen }) {
  const tone = screen.tone === 'error' ? ' bad' : screen.tone === 'success' ? ' ok' : '';
  return (
    <div className="stack" role={screen.tone === 'error' ? 'alert' : 'status'}>
      <h1 className="h2" style={{ textAlign: 'center', margin: 0 }}>
        {screen.title}
      </h1>
      <p className={`note${tone}`}>{screen.body}</p>
      {screen.details?.length ? (
        <dl className="details">
          {screen.details.map((d) => (
            <div key={d.label}>
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {screen.extra ? <p>{screen.extra}</p> : null}
      {screen.action?.href ? (
        <a className="btn go" href={screen.action.href}>
          {screen.action.label}
        </a>
      ) : screen.action?.postTo ? (
        <form
          method={screen.action.method ?? 'post'}
          action={screen.action.postTo}
          className="stack"
          id={screen.action.autoSubmit ? 'gateway-login' : undefined}
        >
          {Object.entries(screen.action.hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {screen.action.input ? (
            <div>
              <label htmlFor={`f-${screen.action.input.name}`}>{screen.action.input.label}</label>
              <input
                id={`f-${screen.action.input.name}`}
                name={screen.action.input.name}
                type={screen.action.input.type}
                autoComplete="off"
              />
            </div>
          ) : null}
          <button className="btn go" type="submit">
            {screen.action.label}
          </button>
        </form>
      ) : null}
      {screen.action?.postTo && screen.action.autoSubmit ? (
        <script dangerouslySetInnerHTML={{ __html: AUTO_SUBMIT_SCRIPT }} />
      ) : null}
    </div>
  );
}

/** The full terms or privacy text. */
export function Legal({ view, screen }: { view: SplashView; screen: LegalScreen }) {
  const t = stringsFor(view.lang);
  const d = view.design;
  return (
    <div className="stack">
      <h1 className="h2" style={{ margin: 0 }}>
        {screen.which === 'terms' ? d.tos_text : d.privacy_text}
      </h1>
      <div className="legal">{screen.which === 'terms' ? d.tos_content : d.privacy_content}</div>
      <a className="btn back" href={screen.backHref}>
        {t.back}
      </a>
    </div>
  );
}
