/**
 * The texts of the usage and expiry notices (emails to the guest and the operator, SMS to the guest), in
 * English (en-US) and Spanish (es-ES): es-* is Spanish, the rest English.
 */
import type { NoticeKind, NoticeSubject } from './access-notices.repo.ts';

export type Lang = 'en-US' | 'es-ES';
export const langOf = (lang: string | null | undefined): Lang => (lang?.toLowerCase().startsWith('es') ? 'es-ES' : 'en-US');

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An instant as people read it in the language, in the site's time zone. */
export const when = (d: Date, lang: Lang, timeZone: string) =>
  d.toLocaleString(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: timeZone || 'UTC' });

/** Megabytes (10^6 bytes, as the gateways count them) as "850 MB" / "1.2 GB" ("1,2 GB" in Spanish). */
export function dataOf(mb: number, lang: Lang) {
  const n = (v: number, digits: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(v);
  return mb >= 1000 ? `${n(mb / 1000, 1)} GB` : `${n(Math.max(0, Math.floor(mb)), 0)} MB`;
}

/** What is left of an allowance, as the notice tells it. */
export interface Left {
  /** Time until it ends. */
  minutes: number;
  /** Data left, in MB (null: no data limit). */
  dataMb: number | null;
}

const EN = {
  subject: { guest_account: 'Guest account', voucher: 'Voucher', payment_account: 'Payment account' } satisfies Record<
    NoticeSubject,
    string
  >,
  duration(minutes: number) {
    const d = Math.floor(minutes / 1440);
    const h = Math.floor((minutes % 1440) / 60);
    const m = minutes % 60;
    const parts = [d && `${d} ${d === 1 ? 'day' : 'days'}`, h && `${h} ${h === 1 ? 'hour' : 'hours'}`];
    if (!d) parts.push(m && `${m} ${m === 1 ? 'minute' : 'minutes'}`);
    return parts.filter(Boolean).join(' ') || 'less than a minute';
  },
  guestSubject: (kind: NoticeKind, site: string) =>
    kind === 'usage' ? `You have used most of your Wi-Fi at ${site}` : `Your Wi-Fi access at ${site} ends soon`,
  hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
  guestLead: (kind: NoticeKind, site: string) =>
    kind === 'usage' ? `You have used most of your Wi-Fi allowance at ${site}.` : `Your Wi-Fi access at ${site} ends soon.`,
  operatorSubject: (kind: NoticeKind, site: string, label: string) =>
    kind === 'usage' ? `Wi-Fi usage notice at ${site}: ${label}` : `Wi-Fi expiry notice at ${site}: ${label}`,
  operatorLead: (kind: NoticeKind, what: string) =>
    kind === 'usage'
      ? `This ${what.toLowerCase()} has used most of its Wi-Fi allowance.`
      : `This ${what.toLowerCase()}'s Wi-Fi access ends soon.`,
  site: 'Site',
  package: 'Package',
  timeLeft: 'Time left',
  dataLeft: 'Data left',
  ends: 'Ends',
  sms: (kind: NoticeKind, site: string, left: string, ends: string) =>
    kind === 'usage'
      ? `You have used most of your Wi-Fi at ${site}: ${left} left, until ${ends}.`
      : `Your Wi-Fi access at ${site} ends on ${ends}.`,
};

type Words = typeof EN;

const ES: Words = {
  subject: { guest_account: 'Cuenta de invitado', voucher: 'Vale', payment_account: 'Cuenta de pago' },
  duration(minutes: number) {
    const d = Math.floor(minutes / 1440);
    const h = Math.floor((minutes % 1440) / 60);
    const m = minutes % 60;
    const parts = [d && `${d} ${d === 1 ? 'día' : 'días'}`, h && `${h} ${h === 1 ? 'hora' : 'horas'}`];
    if (!d) parts.push(m && `${m} ${m === 1 ? 'minuto' : 'minutos'}`);
    return parts.filter(Boolean).join(' ') || 'menos de un minuto';
  },
  guestSubject: (kind, site) =>
    kind === 'usage' ? `Has usado casi todo tu Wi-Fi en ${site}` : `Tu acceso Wi-Fi en ${site} termina pronto`,
  hello: (name) => (name ? `Hola ${name}:` : 'Hola:'),
  guestLead: (kind, site) =>
    kind === 'usage' ? `Has usado casi todo tu saldo de Wi-Fi en ${site}.` : `Tu acceso Wi-Fi en ${site} termina pronto.`,
  operatorSubject: (kind, site, label) =>
    kind === 'usage' ? `Aviso de consumo de Wi-Fi en ${site}: ${label}` : `Aviso de caducidad de Wi-Fi en ${site}: ${label}`,
  operatorLead: (kind, what) =>
    kind === 'usage' ? `${what}: ha usado casi todo su saldo de Wi-Fi.` : `${what}: su acceso Wi-Fi termina pronto.`,
  site: 'Sitio',
  package: 'Paquete',
  timeLeft: 'Tiempo restante',
  dataLeft: 'Datos restantes',
  ends: 'Termina',
  sms: (kind, site, left, ends) =>
    kind === 'usage'
      ? `Has usado casi todo tu Wi-Fi en ${site}: te quedan ${left}, hasta el ${ends}.`
      : `Tu acceso Wi-Fi en ${site} termina el ${ends}.`,
};

export const WORDS: Record<Lang, Words> = { 'en-US': EN, 'es-ES': ES };

/** What a notice tells, worked out once per language. */
export interface NoticeFacts {
  kind: NoticeKind;
  subjectType: NoticeSubject;
  /** The account's username, the voucher's code or the payment account's email. */
  label: string;
  guestName: string;
  packageName: string;
  siteName: string;
  timeZone: string;
  endsAt: Date;
  left: Left;
}

const leftText = (w: Words, f: NoticeFacts, lang: Lang) =>
  [w.duration(f.left.minutes), f.left.dataMb === null ? '' : dataOf(f.left.dataMb, lang)].filter(Boolean).join(', ');

function rowsOf(f: NoticeFacts, lang: Lang, withSubject: boolean): [string, string][] {
  const w = WORDS[lang];
  return [
    ...(withSubject ? ([[w.subject[f.subjectType], f.label]] as [string, string][]) : []),
    [w.site, f.siteName],
    ...(f.packageName ? ([[w.package, f.packageName]] as [string, string][]) : []),
    [w.timeLeft, w.duration(f.left.minutes)],
    ...(f.left.dataMb === null ? [] : ([[w.dataLeft, dataOf(f.left.dataMb, lang)]] as [string, string][])),
    [w.ends, when(f.endsAt, lang, f.timeZone)],
  ];
}

const table = (rows: [string, string][]) =>
  `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;

/** The guest's email. */
export function guestEmail(f: NoticeFacts, lang: Lang) {
  const w = WORDS[lang];
  const rows = rowsOf(f, lang, f.subjectType !== 'payment_account');
  const lead = [w.hello(f.guestName), '', w.guestLead(f.kind, f.siteName)];
  return {
    subject: w.guestSubject(f.kind, f.siteName),
    text: `${lead.join('\n')}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n`,
    html: `<p>${escapeHtml(lead[0]!)}</p><p>${escapeHtml(lead[2]!)}</p>${table(rows)}`,
  };
}

/** The operator's copy (to_self and the extra addresses). */
export function operatorEmail(f: NoticeFacts, lang: Lang) {
  const w = WORDS[lang];
  const rows = rowsOf(f, lang, true);
  const lead = w.operatorLead(f.kind, w.subject[f.subjectType]);
  return {
    subject: w.operatorSubject(f.kind, f.siteName, f.label),
    text: `${lead}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n`,
    html: `<p>${escapeHtml(lead)}</p>${table(rows)}`,
  };
}

/** The guest's SMS. */
export const guestSms = (f: NoticeFacts, lang: Lang) =>
  WORDS[lang].sms(f.kind, f.siteName, leftText(WORDS[lang], f, lang), when(f.endsAt, lang, f.timeZone));
