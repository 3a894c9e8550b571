import type { OutgoingEmail } from '../../platform/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const RESET = {
  'en-US': {
    subject: 'Reset your Splashboard password',
    intro: 'Someone asked to reset the password of your Splashboard account.',
    action: 'Choose a new password',
    valid:
      'The link works once, for 1 hour. Setting a new password signs you out everywhere. If you did not ask for it, ignore this email: your password stays as it is.',
  },
  'es-ES': {
    subject: 'Restablece tu contraseña de Splashboard',
    intro: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Splashboard.',
    action: 'Elige una contraseña nueva',
    valid:
      'El enlace sirve una vez, durante 1 hora. Al poner una contraseña nueva se cierra tu sesión en todas partes. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  },
};

/** The reset link, in the user's language (Spanish for es-*, English otherwise). */
export function passwordResetEmail(to: string, link: string, language: string): OutgoingEmail {
  const w = language.startsWith('es') ? RESET['es-ES'] : RESET['en-US'];
  return {
    to,
    subject: w.subject,
    text: `${w.intro}\n\n${w.action}:\n${link}\n\n${w.valid}`,
    html: `<p>${w.intro}</p><p><a href="${escape(link)}">${w.action}</a></p><p>${w.valid}</p>`,
  };
}
