/** What guests read of a campaign email and the guest pages, in English (US) and Spanish (Spain). */
export const GUEST_TEXTS = {
  en: {
    footer: 'You receive this email because you agreed to hear from {{site}}.',
    unsubscribeLink: 'Unsubscribe',
    unsubscribeTitle: 'Unsubscribe',
    unsubscribeAsk: 'Stop receiving emails from {{site}} at {{email}}?',
    unsubscribeButton: 'Unsubscribe',
    unsubscribed: 'You are unsubscribed: {{site}} will not email you again.',
    invalid: 'This unsubscribe link is not valid.',
    confirmSubject: 'Confirm your subscription to {{site}}',
    confirmBody: 'Please confirm that you want to receive emails from {{site}}:',
    confirmed: 'Thank you: your subscription is confirmed.',
    confirmInvalid: 'This confirmation link is not valid or has expired.',
  },
  es: {
    footer: 'Recibes este correo porque aceptaste recibir noticias de {{site}}.',
    unsubscribeLink: 'Darse de baja',
    unsubscribeTitle: 'Darse de baja',
    unsubscribeAsk: '¿Dejar de recibir correos de {{site}} en {{email}}?',
    unsubscribeButton: 'Darme de baja',
    unsubscribed: 'Te has dado de baja: {{site}} no volverá a escribirte.',
    invalid: 'Este enlace para darse de baja no es válido.',
    confirmSubject: 'Confirma tu suscripción a {{site}}',
    confirmBody: 'Confirma que quieres recibir correos de {{site}}:',
    confirmed: 'Gracias: tu suscripción está confirmada.',
    confirmInvalid: 'Este enlace de confirmación no es válido o ha caducado.',
  },
} as const;
export type GuestLang = keyof typeof GUEST_TEXTS;

/** Countries where our guests read Spanish first; others read English. */
const SPANISH_COUNTRIES = new Set([
  'ES',
  'MX',
  'AR',
  'CO',
  'CL',
  'PE',
  'VE',
  'EC',
  'GT',
  'CU',
  'BO',
  'DO',
  'HN',
  'PY',
  'SV',
  'NI',
  'CR',
  'PA',
  'UY',
]);

/** The language of a guest's emails: the guests table keeps no language, so their country's. */
export const langOfCountry = (country: string | null): GuestLang =>
  country && SPANISH_COUNTRIES.has(country.trim().toUpperCase().slice(0, 2)) ? 'es' : 'en';

export const fillText = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
