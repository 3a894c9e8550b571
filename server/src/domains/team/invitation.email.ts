/** What an invitation email says, before the branding area's email brand is applied by the mailer. */
export interface InvitationEmailInput {
  accountName: string;
  inviterName: string;
  link: string;
  expiresAt: Date;
  /** The account's own words for its invitations (the branding area's client invitation texts), if any. */
  texts?: { subject?: string; message?: string };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS = {
  'en-US': {
    subject: (a: string) => `You are invited to ${a} on Splashboard`,
    intro: (inviter: string, a: string) => `${inviter} has invited you to manage the guest Wi-Fi of ${a} on Splashboard.`,
    action: 'Accept the invitation',
    valid: (until: string) =>
      `Open the link to choose your password. It works once, until ${until}. If you did not expect this invitation, ignore this email.`,
    locale: 'en-US',
  },
  'es-ES': {
    subject: (a: string) => `Te han invitado a ${a} en Splashboard`,
    intro: (inviter: string, a: string) => `${inviter} te ha invitado a gestionar el wifi para invitados de ${a} en Splashboard.`,
    action: 'Aceptar la invitación',
    valid: (until: string) =>
      `Abre el enlace para elegir tu contraseña. Sirve una vez, hasta el ${until}. Si no esperabas esta invitación, ignora este correo.`,
    locale: 'es-ES',
  },
};

/**
 * The invitation email in a language (Spanish for es-*, English otherwise): subject, text and HTML.
 * `texts` replaces the subject and the opening message with the account's own words.
 */
export function invitationEmail(lang: string, input: InvitationEmailInput): { subject: string; text: string; html: string } {
  const w = lang.startsWith('es') ? WORDS['es-ES'] : WORDS['en-US'];
  const until = input.expiresAt.toLocaleString(w.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
  const subject = input.texts?.subject?.trim() || w.subject(input.accountName);
  const message = input.texts?.message?.trim() || w.intro(input.inviterName, input.accountName);
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
