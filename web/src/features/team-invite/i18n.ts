import i18n from 'i18next';

// The invitation page (/invite/{token}), English (US) and Spanish (Spain).
const en = {
  title: 'Join {{account}}',
  loadingTitle: 'Your invitation',
  invitedBy: '{{inviter}} invited you to {{account}} on Splashboard.',
  asAdmin: 'You join as an admin: you will manage every location of the account.',
  asClient: 'You join as a client: you will see the locations and areas you were given.',
  email: 'Email',
  name: 'Your name',
  password: 'Password',
  passwordRule: 'At least 7 characters',
  confirm: 'Confirm password',
  accept: 'Set password and sign in',
  twoFactor: 'Once signed in, you can turn on two-factor authentication from your account page.',
  failedTitle: 'This invitation cannot be used',
  toSignIn: 'Go to sign in',
  passwordMin: 'Password must be at least 7 characters',
  passwordMatch: 'Passwords must match',
};

const es: typeof en = {
  title: 'Únete a {{account}}',
  loadingTitle: 'Tu invitación',
  invitedBy: '{{inviter}} te ha invitado a {{account}} en Splashboard.',
  asAdmin: 'Te unes como administrador: gestionarás todas las ubicaciones de la cuenta.',
  asClient: 'Te unes como cliente: verás las ubicaciones y áreas que te han dado.',
  email: 'Correo electrónico',
  name: 'Tu nombre',
  password: 'Contraseña',
  passwordRule: 'Al menos 7 caracteres',
  confirm: 'Confirmar contraseña',
  accept: 'Elegir contraseña e iniciar sesión',
  twoFactor: 'Una vez dentro, puedes activar la verificación en dos pasos desde la página de tu cuenta.',
  failedTitle: 'Esta invitación no se puede usar',
  toSignIn: 'Ir a iniciar sesión',
  passwordMin: 'La contraseña debe tener al menos 7 caracteres',
  passwordMatch: 'Las contraseñas deben coincidir',
};

i18n.addResourceBundle('en-US', 'translation', { invite: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { invite: es }, true, true);
