import { minorToDecimal, type PackageTerms } from '@splashboard/contract';

/**
 * The paid Wi-Fi texts guests and operators read (account details, expiry reminders, purchase and refund
 * notices, invoices), in English or Spanish (Spain) by the guest's language: es-* is Spanish, the rest English.
 */
export type Lang = 'en-US' | 'es-ES';
export const langOf = (lang: string | null | undefined): Lang => (lang?.toLowerCase().startsWith('es') ? 'es-ES' : 'en-US');

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Money as people read it in the language: 4,99 € / $4.99. */
export const money = (amount: number, currency: string, lang: Lang) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency }).format(Number(minorToDecimal(amount, currency)));

export const when = (d: Date | null, lang: Lang, timeZone: string) =>
  d ? d.toLocaleString(lang, { dateStyle: 'long', timeStyle: 'short', timeZone }) : '';

export const WORDS = {
  'en-US': {
    yourPassword: '(the password you chose)',
    accountSubject: (site: string) => `Your Wi-Fi account at ${site}`,
    accountText:
      'Hello {guest_name},\n\nYour Wi-Fi account at {site_name}:\nUsername: {username}\nPassword: {password}\nPackage: {package}\nValid until: {expires_at}\n',
    expirySubject: (site: string) => `Your Wi-Fi package at ${site} ends tomorrow`,
    expiryText:
      'Hello {guest_name},\n\nYour package {package} at {site_name} ends on {expires_at}. Buy a new one on the Wi-Fi splash page to stay online.\n',
    expirySms: 'Your Wi-Fi package {package} at {site_name} ends on {expires_at}.',
    renewalFailedSubject: (site: string) => `Your Wi-Fi renewal at ${site} did not go through`,
    renewalFailedText: (name: string, pkg: string, reason: string) =>
      `Hello ${name},\n\nWe could not charge your saved card for ${pkg}: ${reason}\nYour package ends as planned unless the next attempt succeeds; you can also buy it again on the Wi-Fi splash page.\n`,
    purchaseSubject: (site: string, amount: string) => `New Wi-Fi purchase at ${site}: ${amount}`,
    refundSubject: (site: string, amount: string) => `Wi-Fi refund at ${site}: ${amount}`,
    notice: {
      guest: 'Guest',
      package: 'Package',
      amount: 'Amount',
      refunded: 'Refunded',
      reason: 'Reason',
      date: 'Date',
      transaction: 'Transaction',
    },
    reasons: {
      connectivity_issues: 'Connectivity issues',
      duplicate_transactions: 'Duplicate transactions',
      no_longer_using: 'No longer using',
    },
    invoice: {
      title: 'Invoice',
      subject: (site: string, number: string) => `Your invoice ${number} for Wi-Fi at ${site}`,
      text: (name: string, number: string) => `Hello ${name},\n\nYour invoice ${number} is attached.\n`,
      number: 'Invoice number',
      date: 'Date',
      billedTo: 'Billed to',
      description: 'Description',
      amount: 'Amount',
      refund: 'Refund',
      total: 'Total',
      taxId: 'Tax ID',
      devices: (n: number) => (n === 1 ? '1 device' : `${n} devices`),
      duration: (t: PackageTerms) => `${t.duration_val} ${t.duration_type}`,
    },
  },
  'es-ES': {
    yourPassword: '(la contraseña que elegiste)',
    accountSubject: (site: string) => `Tu cuenta de Wi-Fi en ${site}`,
    accountText:
      'Hola {guest_name}:\n\nTu cuenta de Wi-Fi en {site_name}:\nUsuario: {username}\nContraseña: {password}\nPaquete: {package}\nVálida hasta: {expires_at}\n',
    expirySubject: (site: string) => `Tu paquete de Wi-Fi en ${site} termina mañana`,
    expiryText:
      'Hola {guest_name}:\n\nTu paquete {package} en {site_name} termina el {expires_at}. Compra otro en la página de acceso al Wi-Fi para seguir conectado.\n',
    expirySms: 'Tu paquete de Wi-Fi {package} en {site_name} termina el {expires_at}.',
    renewalFailedSubject: (site: string) => `No se ha podido renovar tu Wi-Fi en ${site}`,
    renewalFailedText: (name: string, pkg: string, reason: string) =>
      `Hola ${name}:\n\nNo hemos podido cobrar ${pkg} en tu tarjeta guardada: ${reason}\nTu paquete termina en la fecha prevista salvo que el próximo intento salga bien; también puedes volver a comprarlo en la página de acceso al Wi-Fi.\n`,
    purchaseSubject: (site: string, amount: string) => `Nueva compra de Wi-Fi en ${site}: ${amount}`,
    refundSubject: (site: string, amount: string) => `Reembolso de Wi-Fi en ${site}: ${amount}`,
    notice: {
      guest: 'Invitado',
      package: 'Paquete',
      amount: 'Importe',
      refunded: 'Reembolsado',
      reason: 'Motivo',
      date: 'Fecha',
      transaction: 'Transacción',
    },
    reasons: {
      connectivity_issues: 'Problemas de conexión',
      duplicate_transactions: 'Transacciones duplicadas',
      no_longer_using: 'Ya no lo usa',
    },
    invoice: {
      title: 'Factura',
      subject: (site: string, number: string) => `Tu factura ${number} del Wi-Fi de ${site}`,
      text: (name: string, number: string) => `Hola ${name}:\n\nAdjuntamos tu factura ${number}.\n`,
      number: 'Número de factura',
      date: 'Fecha',
      billedTo: 'Facturado a',
      description: 'Concepto',
      amount: 'Importe',
      refund: 'Reembolso',
      total: 'Total',
      taxId: 'NIF',
      devices: (n: number) => (n === 1 ? '1 dispositivo' : `${n} dispositivos`),
      duration: (t: PackageTerms) => `${t.duration_val} ${{ minutes: 'minutos', hours: 'horas', days: 'días' }[t.duration_type]}`,
    },
  },
} as const;

/** Replaces each `{field}` of a template with its value (unknown fields stay as written). */
export const merge = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? values[key]! : whole));

/** Plain text as the html part of an email: escaped, paragraphs and line breaks kept. */
export const textToHtml = (text: string) =>
  text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
