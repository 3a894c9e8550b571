import i18n from 'i18next';

// The names of the fields a login method can ask guests for (`fieldKinds.{type}`), for the splash page
// designer and the guest fields page. Imported by their catalogues, so it loads with either.
const en = {
  email: 'Email',
  voucher: 'Voucher code',
  phonenumber: 'Phone number',
  firstname: 'First name',
  lastname: 'Last name',
  gender: 'Gender',
  birthday: 'Birthday',
  consent: 'Marketing consent',
  ukpostcode: 'UK postcode',
  custom_text: 'Custom text',
  custom_number: 'Custom number',
  custom_checkbox: 'Custom checkbox',
  custom_select: 'Custom list',
  otp: 'Verification code',
  country: 'Country',
};

const es: typeof en = {
  email: 'Correo electrónico',
  voucher: 'Código del bono',
  phonenumber: 'Número de teléfono',
  firstname: 'Nombre',
  lastname: 'Apellidos',
  gender: 'Género',
  birthday: 'Fecha de nacimiento',
  consent: 'Consentimiento de marketing',
  ukpostcode: 'Código postal del Reino Unido',
  custom_text: 'Texto personalizado',
  custom_number: 'Número personalizado',
  custom_checkbox: 'Casilla personalizada',
  custom_select: 'Lista personalizada',
  otp: 'Código de verificación',
  country: 'País',
};

i18n.addResourceBundle('en-US', 'translation', { fieldKinds: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { fieldKinds: es }, true, true);
