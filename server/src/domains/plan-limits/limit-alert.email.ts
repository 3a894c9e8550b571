import type { UsageKind } from '@splashboard/contract';

/** What a limit alert says: which limit, how much of it is used, until when, and where to upgrade. */
export interface LimitAlertInput {
  accountName: string;
  kind: UsageKind;
  /** 80 or 100. */
  threshold: number;
  used: number;
  limit: number;
  periodEnd: Date;
  /** The dashboard's subscription tab. */
  link: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS = {
  'en-US': {
    locale: 'en-US',
    what: { active_guest_devices: 'active guest devices', vouchers_activated: 'vouchers activated' },
    subject: (a: string, pct: number, what: string) =>
      pct >= 100 ? `${a}: your plan's limit of ${what} is reached` : `${a}: ${pct}% of your plan's ${what} are used`,
    usage: (used: string, limit: string, what: string, until: string) =>
      `${used} of the ${limit} ${what} your plan allows in this billing period are used. The count starts again on ${until}.`,
    reached: {
      active_guest_devices: 'New guest devices cannot log in to your Wi-Fi until then; devices already counted still can.',
      vouchers_activated: 'Guests cannot start new vouchers until then; vouchers already started still work.',
    },
    near: 'When the limit is reached, new logins of this kind will be refused until the next period.',
    action: 'Upgrade your plan',
  },
  'es-ES': {
    locale: 'es-ES',
    what: { active_guest_devices: 'dispositivos de invitados activos', vouchers_activated: 'bonos activados' },
    subject: (a: string, pct: number, what: string) =>
      pct >= 100
        ? `${a}: se ha alcanzado el límite de ${what} de tu plan`
        : `${a}: se ha usado el ${pct} % de los ${what} de tu plan`,
    usage: (used: string, limit: string, what: string, until: string) =>
      `Se han usado ${used} de los ${limit} ${what} que permite tu plan en este periodo de facturación. La cuenta vuelve a empezar el ${until}.`,
    reached: {
      active_guest_devices:
        'Hasta entonces, los dispositivos de invitados nuevos no pueden conectarse a tu Wi-Fi; los que ya se han contado sí pueden.',
      vouchers_activated:
        'Hasta entonces, los invitados no pueden empezar bonos nuevos; los bonos ya empezados siguen funcionando.',
    },
    near: 'Cuando se alcance el límite, se rechazarán los accesos nuevos de este tipo hasta el próximo periodo.',
    action: 'Mejorar tu plan',
  },
};

/** The owner's email about a plan limit at 80 % or 100 %, in their language (Spanish for es-*, English otherwise). */
export function limitAlertEmail(lang: string, input: LimitAlertInput): { subject: string; text: string; html: string } {
  const w = lang.startsWith('es') ? WORDS['es-ES'] : WORDS['en-US'];
  const number = (n: number) => n.toLocaleString(w.locale);
  const what = w.what[input.kind];
  const until = input.periodEnd.toLocaleDateString(w.locale, { dateStyle: 'long', timeZone: 'UTC' });
  const lines = [
    w.usage(number(input.used), number(input.limit), what, until),
    input.threshold >= 100 ? w.reached[input.kind] : w.near,
  ];
  return {
    subject: w.subject(input.accountName, input.threshold, what),
    text: `${lines.join('\n\n')}\n\n${w.action}:\n${input.link}\n`,
    html: `${lines.map((l) => `<p>${escape(l)}</p>`).join('')}<p><a href="${escape(input.link)}">${w.action}</a></p>`,
  };
}
