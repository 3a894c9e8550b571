import {
  DEFAULT_SPLASH_DESIGN,
  LOGIN_FIELD_TITLES,
  defaultStylesOf,
  type LoginField,
  designTextShape,
  inLanguage,
  readDesign,
  styleTextShapeOf,
  type LoginFieldType,
  type LoginMethodPath,
  type LoginMethodStyles,
  type SplashDesign,
} from '@splashboard/contract';
import type { GuestLang } from './i18n/index.ts';

/**
 * The splash settings store only what an operator changed; whatever is left at its default is shown in
 * the guest's language. These are the Spanish words for the contract's English defaults.
 */
const ES_DESIGN: Partial<SplashDesign> = {
  partialtos1_text: 'Al conectarte, aceptas nuestras',
  tos_text: 'Condiciones del servicio',
  partialtos2_text: 'y la',
  privacy_text: 'Política de privacidad',
  tos_content:
    'Este servicio Wi-Fi gratuito se ofrece solo para usos legales. No lo uses para infringir la ley, enviar spam ni ' +
    'perjudicar a otros usuarios o a la red. El acceso puede estar limitado en tiempo, velocidad o datos, y puede ' +
    'retirarse en cualquier momento. El servicio se presta tal cual, sin garantía de disponibilidad ni de seguridad: ' +
    'protege tu propio dispositivo y tus datos.',
  privacy_content:
    'Cuando te conectas registramos los datos que introduces y el identificador de tu dispositivo (dirección MAC) para ' +
    'darte acceso, mantener la red segura y cumplir nuestras obligaciones legales. Los conservamos solo el tiempo ' +
    'necesario para estos fines. Puedes pedirnos verlos, corregirlos o borrarlos en cualquier momento.',
  splash_page_powered_by_text: 'Con la tecnología de Splashboard',
  optional_h1: 'Sigamos en contacto',
  optional_h2: 'Marketing (opcional)',
  optional_desc: 'Nos gustaría enviarte novedades y ofertas. Puedes darte de baja cuando quieras.',
  gdpr_heading_text: 'Tu privacidad',
  gdpr_contact_h1: 'Datos de contacto',
  gdpr_contact_h2: 'Necesarios para conectarte',
  gdpr_contact_desc: 'Usamos los datos que introduces para darte acceso al Wi-Fi y contactarte sobre tu visita.',
  gdpr_device_id_h1: 'Identificador del dispositivo',
  gdpr_device_id_h2: 'Necesario para conectarte',
  gdpr_device_id_desc: 'Registramos la dirección MAC de tu dispositivo para conectarlo a la red y reconocerlo la próxima vez.',
};

/** Default style texts (headings and button labels) in Spanish, by their English default. */
const ES_STYLE_TEXTS: Record<string, string> = {
  '<h2>Connect with your email</h2>': '<h2>Conéctate con tu correo electrónico</h2>',
  '<h2>Connect with your phone number</h2>': '<h2>Conéctate con tu teléfono</h2>',
  '<h2>Enter the Wi-Fi password</h2>': '<h2>Introduce la contraseña del Wi-Fi</h2>',
  '<h2>Connect with Facebook</h2>': '<h2>Conéctate con Facebook</h2>',
  '<h2>Welcome! Enjoy free Wi-Fi</h2>': '<h2>¡Bienvenido! Disfruta del Wi-Fi gratis</h2>',
  '<h2>Enter your voucher code</h2>': '<h2>Introduce el código de tu bono</h2>',
  '<h2>Sign in with your account</h2>': '<h2>Entra con tu cuenta</h2>',
  '<h2>Please confirm your age</h2>': '<h2>Confirma tu edad</h2>',
  '<h2>WiFi4EU: free Wi-Fi for everyone</h2>': '<h2>WiFi4EU: Wi-Fi gratis para todos</h2>',
  '<h2>Choose a Wi-Fi package</h2>': '<h2>Elige un paquete de Wi-Fi</h2>',
  '<h2>Terms and conditions</h2>': '<h2>Términos y condiciones</h2>',
  '<h2>Welcome! Choose how to connect</h2>': '<h2>¡Bienvenido! Elige cómo conectarte</h2>',
  '<h2>Create your Wi-Fi account</h2>': '<h2>Crea tu cuenta de Wi-Fi</h2>',
  '<h3>Card details</h3>': '<h3>Datos de la tarjeta</h3>',
  '<h3>Already paid? Sign in to your account</h3>': '<h3>¿Ya has pagado? Entra en tu cuenta</h3>',
  Connect: 'Conectar',
  'Send code': 'Enviar código',
  'Continue with Facebook': 'Continuar con Facebook',
  'Sign in': 'Entrar',
  Continue: 'Continuar',
  Back: 'Volver',
  Verify: 'Verificar',
  'Send the code again': 'Enviar el código de nuevo',
  'Create an account': 'Crear una cuenta',
  'Pay now': 'Pagar ahora',
  'Go to my account': 'Ir a mi cuenta',
  'I agree': 'Acepto',
};

const ES_FIELD_TITLES: Record<LoginFieldType, string> = {
  email: 'Correo electrónico',
  voucher: 'Código del bono',
  phonenumber: 'Número de teléfono',
  firstname: 'Nombre',
  lastname: 'Apellidos',
  gender: 'Género',
  birthday: 'Fecha de nacimiento',
  consent: 'Acepto recibir novedades y ofertas',
  ukpostcode: 'Código postal',
  custom_text: 'Tu respuesta',
  custom_number: 'Un número',
  custom_checkbox: 'Marca si corresponde',
  custom_select: 'Elige uno',
  otp: 'Código de verificación',
  country: 'País',
};

const ES_OPTION_TEXTS: Record<string, string> = { Female: 'Mujer', Male: 'Hombre' };

/** The design as a guest sees it: what the operator set, and the rest in the guest's language. */
export function resolveDesign(
  stored: Record<string, unknown>,
  site: { logoImage: string; htmlImage: string },
  lang: GuestLang,
): SplashDesign {
  const defaults: SplashDesign = {
    ...DEFAULT_SPLASH_DESIGN,
    ...(lang === 'es-ES' ? ES_DESIGN : {}),
    logo_image: site.logoImage,
    html_image: site.htmlImage,
  };
  // A stored value the design no longer accepts (an image link from before links were checked) is not drawn.
  // The operator's own version in the guest's language comes first; without one, their English text.
  return inLanguage(readDesign(stored, defaults), stored, lang, designTextShape);
}

/** One method's screen styles: stored values, the rest as defaults in the guest's language. */
export function resolveStyles(path: LoginMethodPath, stored: Record<string, string>, lang: GuestLang): LoginMethodStyles {
  const out: LoginMethodStyles = {};
  for (const [key, value] of Object.entries(defaultStylesOf(path))) {
    out[key] = stored[key] ?? (lang === 'es-ES' ? (ES_STYLE_TEXTS[value] ?? value) : value);
  }
  return inLanguage(out, stored, lang, styleTextShapeOf(path));
}

/**
 * A field's label: the operator's own label in the guest's language, else their (English) title, or the
 * default one in the guest's language.
 */
export function fieldTitle(
  field: { field_type: LoginFieldType; title: string; translations?: Partial<Record<string, { title?: string }>> },
  lang: GuestLang,
): string {
  const own = lang === 'en-US' ? '' : field.translations?.[lang]?.title?.trim();
  if (own) return own;
  if (lang === 'es-ES' && (!field.title || field.title === LOGIN_FIELD_TITLES[field.field_type]))
    return ES_FIELD_TITLES[field.field_type];
  return field.title || LOGIN_FIELD_TITLES[field.field_type];
}

/** A gender option text, translated when it is still the default. */
export const optionText = (text: string, lang: GuestLang) => (lang === 'es-ES' ? (ES_OPTION_TEXTS[text] ?? text) : text);

/**
 * What a field's choices read in the guest's language: the operator's version where there is one, else
 * their English text (gender options: the default's translation). The values stay the English ones.
 */
export function optionLabels(field: LoginField, lang: GuestLang): { female: string; male: string; options: string[] } {
  const own = lang === 'en-US' ? undefined : field.translations?.[lang];
  return {
    female: own?.female_option_text || optionText(field.female_option_text, lang),
    male: own?.male_option_text || optionText(field.male_option_text, lang),
    options: field.options_list.map((o, i) => own?.options_list?.[i] || o),
  };
}
