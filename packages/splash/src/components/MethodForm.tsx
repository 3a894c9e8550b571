import { inputName as nameOf } from '../fields.ts';
import { fill, stringsFor } from '../i18n/index.ts';
import type { MethodScreen, SplashView } from '../model.ts';
import { FieldInput } from './FieldInput.tsx';
import { Gdpr, MarketingIntro } from './Gdpr.tsx';

const Notice = ({ notice }: { notice: MethodScreen['notice'] }) =>
  notice ? (
    <p
      className={`note${notice.tone === 'error' ? ' bad' : notice.tone === 'success' ? ' ok' : ''}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
    </p>
  ) : null;

/** "Did you mean maria@gmail.com?": two submit buttons of the form, to take the address or keep the typed one. */
function EmailSuggestion({ email, t }: { email: string; t: ReturnType<typeof stringsFor> }) {
  return (
    <div className="note stack suggest" role="status">
      <p>{fill(t.emailSuggestion, { email })}</p>
      <button className="btn go" type="submit" name="email_fix" value={email}>
        {fill(t.useSuggestion, { email })}
      </button>
      <button className="btn back" type="submit" name="email_fix" value="keep">
        {t.keepTyped}
      </button>
    </div>
  );
}

/** A login method's screen: its fields and the login button, posting back to the same address. */
export function MethodForm({ view, screen }: { view: SplashView; screen: MethodScreen }) {
  const t = stringsFor(view.lang);
  const prefix = screen.method;
  const styles = screen.styles;
  const values = screen.values ?? {};
  const errors = screen.errors ?? {};
  const back = screen.backHref ? (
    <a className="btn back" href={screen.backHref}>
      {styles[`${prefix}_backbtn_text`] || t.back}
    </a>
  ) : null;
  const loginLabel = styles[`${prefix}_loginbtn_text`] || t.continue;

  if (screen.blocked) {
    return (
      <div className="stack">
        <p className="note bad" role="alert">
          {screen.blocked}
        </p>
        {back}
      </div>
    );
  }

  if (screen.linkButton || screen.miniBrowser) {
    return (
      <div className="stack">
        <Notice notice={screen.notice} />
        {screen.miniBrowser ? (
          <>
            <p className="note">{screen.miniBrowser.note}</p>
            <p className="copy">{screen.miniBrowser.copyUrl}</p>
          </>
        ) : (
          <a className="btn go" href={screen.linkButton!.href}>
            {screen.linkButton!.label ?? loginLabel}
          </a>
        )}
        {back}
      </div>
    );
  }

  const hasConsent = screen.fields.some((f) => f.field_type === 'consent');
  return (
    <form method="post" action={screen.action} noValidate>
      {Object.entries(screen.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {screen.wifi4eu ? (
        <>
          {/* The programme's snippet puts its banner in this image (it needs this id); until then it takes no room. */}
          <img id="wifi4eubanner" alt="" />
          <p className="note">{t.wifi4euNotice}</p>
        </>
      ) : null}
      <Notice notice={screen.notice} />
      {screen.fields.map((field, i) =>
        field.field_type === 'otp' ? null : (
          <div key={i}>
            {field.field_type === 'consent' ? <MarketingIntro design={view.design} /> : null}
            <FieldInput
              field={field}
              index={i}
              lang={view.lang}
              t={t}
              value={values[nameOf(field, i)]}
              error={errors[nameOf(field, i)]}
            />
            {field.field_type === 'email' && screen.emailSuggestion ? (
              <EmailSuggestion email={screen.emailSuggestion} t={t} />
            ) : null}
          </div>
        ),
      )}
      {(screen.extraInputs ?? []).map((input) => (
        <div key={input.name}>
          <label htmlFor={`f-${input.name}`}>{input.label}</label>
          <input
            id={`f-${input.name}`}
            name={input.name}
            type={input.type}
            autoComplete={input.autocomplete ?? 'off'}
            defaultValue={input.type === 'password' ? undefined : values[input.name]}
            required={input.required}
            maxLength={200}
            aria-invalid={errors[input.name] ? true : undefined}
            aria-describedby={errors[input.name] ? `f-${input.name}-err` : undefined}
          />
          {errors[input.name] ? (
            <p className="err" id={`f-${input.name}-err`}>
              {errors[input.name]}
            </p>
          ) : null}
        </div>
      ))}
      {!screen.hideGdpr && (screen.fields.length > 0 || hasConsent) ? <Gdpr design={view.design} /> : null}
      <button className="btn go" type="submit">
        {loginLabel}
      </button>
      {screen.secondaryButton ? (
        <button
          className="btn back"
          type="submit"
          name={screen.secondaryButton.name}
          value={screen.secondaryButton.value}
          formNoValidate
          style={{
            color: screen.secondaryButton.color,
            background: screen.secondaryButton.background,
            borderColor: screen.secondaryButton.border,
          }}
        >
          {screen.secondaryButton.label}
        </button>
      ) : null}
      {back}
    </form>
  );
}
