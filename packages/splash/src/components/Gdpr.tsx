import type { SplashDesign } from '@splashboard/contract';

/** What is collected and why, folded so the form stays short; opens without JavaScript. */
export function Gdpr({ design }: { design: SplashDesign }) {
  if (!design.gdpr_heading_text) return null;
  return (
    <details className="gdpr">
      <summary>{design.gdpr_heading_text}</summary>
      <h4>
        {design.gdpr_contact_h1} · <small>{design.gdpr_contact_h2}</small>
      </h4>
      <p>{design.gdpr_contact_desc}</p>
      <h4>
        {design.gdpr_device_id_h1} · <small>{design.gdpr_device_id_h2}</small>
      </h4>
      <p>{design.gdpr_device_id_desc}</p>
    </details>
  );
}

/** The optional marketing texts, shown above a consent checkbox. */
export function MarketingIntro({ design }: { design: SplashDesign }) {
  if (!design.optional_h1 && !design.optional_desc) return null;
  return (
    <div className="gdpr">
      <h4>
        {design.optional_h1} {design.optional_h2 ? <small>· {design.optional_h2}</small> : null}
      </h4>
      <p>{design.optional_desc}</p>
    </div>
  );
}
