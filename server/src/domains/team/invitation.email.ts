/** What an invitation email says, before the branding area's email brand is applied by the mailer. */
export interface InvitationEmailInput {
  accountName: string;
  inviterName: string;
  link: string;
  expiresAt: Date;
  /** The invitee's name, for the {client_name} merge field. */
  inviteeName?: string;
  /** The account's own words for its invitations (the branding area's client invitation texts), if any. */
  texts?: { subject?: string; message?: string };
  /** The product's name as the account brands it (its app name), instead of ours. */
  productName?: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS = {
  'en-US': {
    subject: (a: string, p: string) => `You are invited to ${a} on ${p}`,
    intro: (inviter: string, a: string, p: string) => `${inviter} has invited you to manage the guest Wi-Fi of ${a} on ${p}.`,
    action: 'Accept the invitation',
    valid: (until: string) =>
      `Open the link to choose your password. It works once, until ${until}. If you did not expect this invitation, ignore this email.`,
    locale: 'en-US',
  },
  'es-ES': {
    subject: (a: string, p: string) => `Te han invitado a ${a} en ${p}`,
    intro: (inviter: string, a: string, p: string) =>
      `${inviter} te ha invitado a gestionar el wifi para invitados de ${a} en ${p}.`,
    action: 'Aceptar la invitación',
    valid: (until: string) =>
      `Abre el enlace para elegir tu contraseña. Sirve una vez, hasta el ${until}. Si no esperabas esta invitación, ignora este correo.`,
    locale: 'es-ES',
  },
};

/**
 * The invitation email in a language (Spanish for es-*, English otherwise): subject, text and HTML.
 * `texts` replaces the subject and the opening message with the account's own words, whose merge fields
 * ({account_name}, {inviter_name}, {client_name}, {link}) are filled in.
 */
export function invitationEmail(lang: string, input: InvitationEmailInput): { subject: string; text: string; html: string } {
  const w = lang.startsWith('es') ? WORDS['es-ES'] : WORDS['en-US'];
  const until = input.expiresAt.toLocaleString(w.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
  const product = input.productName?.trim() || 'Splashboard';
  const fields: Record<string, string> = {
    '{account_name}': input.accountName,
    '{inviter_name}': input.inviterName,
    '{client_name}': input.inviteeName ?? '',
    '{link}': input.link,
  };
  const merge = (s: string) => s.replace(/\{(account_name|inviter_name|client_name|link)\}/g, (f) => fields[f] ?? f);
  const own = (s: string | undefined) => (s?.trim() ? merge(s.trim()) : '');
  const subject = own(input.texts?.subject) || w.subject(input.accountName, product);
  const message = own(input.texts?.message) || w.intro(input.inviterName, input.accountName, product);
  const valid = w.valid(until);
  const paragraphs = message
    .split(/\n{2,}/)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    subject,
    text: `${message}\n\n${w.action}:\n${input.link}\n\n${valid}`,
    html: `${paragraphs}<p><a href="${escape(input.link)}">${w.action}</a></p><p>${escape(valid)}</p>`,
  };
}
