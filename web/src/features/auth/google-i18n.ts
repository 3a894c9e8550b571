import i18n from 'i18next';
import { GOOGLE_MESSAGES } from '@splashboard/contract/messages';

const en = {
  signIn: 'Sign in with Google',
  signUp: 'Sign up with Google',
  or: 'or',
  title: 'Sign in with Google',
  working: 'Signing you in with Google…',
  failed: 'Google sign-in did not work. Please try again.',
  backToSignIn: 'Back to sign-in',
  errors: GOOGLE_MESSAGES,
};

const es: typeof en = {
  signIn: 'Iniciar sesión con Google',
  signUp: 'Registrarse con Google',
  or: 'o',
  title: 'Iniciar sesión con Google',
  working: 'Iniciando sesión con Google…',
  failed: 'No se ha podido iniciar sesión con Google. Inténtalo de nuevo.',
  backToSignIn: 'Volver a iniciar sesión',
  errors: {
    off: 'Iniciar sesión con Google no está disponible en este servidor',
    stateMismatch: 'Este inicio de sesión con Google no se empezó aquí o ha caducado. Inténtalo de nuevo.',
    cancelled: 'Se ha cancelado el inicio de sesión con Google',
    providerUnreachable: 'Ahora mismo no se puede contactar con Google. Inténtalo más tarde o inicia sesión con tu contraseña.',
    tokenRefused: 'Google no ha confirmado este inicio de sesión. Inténtalo de nuevo.',
    idTokenInvalid: 'No se ha podido verificar la respuesta de Google. Inténtalo de nuevo.',
    emailNotVerified: 'Google no ha verificado esta dirección de correo, así que no se puede usar para iniciar sesión',
    accountEmailNotVerified:
      'Hay una cuenta con este correo, pero aún no lo ha verificado: inicia sesión con tu contraseña o usa el enlace de verificación que te enviamos y vuelve a probar con Google',
    invitationPending:
      'Este correo tiene una invitación que aún no se ha aceptado: acéptala primero desde el correo de invitación',
  },
};

i18n.addResourceBundle('en-US', 'translation', { google: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { google: es }, true, true);
