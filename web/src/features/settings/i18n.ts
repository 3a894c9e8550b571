import i18n from 'i18next';

// New keys of the settings area, merged into the `settings` strings of web/src/locales.
const en = {
  smsConfig: 'SMS gateway',
  guestFieldsLink: 'Guest fields',
  guestFields: {
    title: 'Guest fields',
    intro: 'What guests are asked for when they log in at this location, by the login methods it has on.',
    field: 'Field',
    askedIn: 'Asked in',
    required: '{{method}} (required)',
    requiredHelp: '“Required”: guests cannot log in with that method without it.',
    none: 'No login method of this location asks guests for anything.',
    change: 'Change them in the splash page designer',
    changeHelp: 'The fields of each login method are set in the splash page designer.',
    kinds: {
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
    },
  },
};

const es: typeof en = {
  smsConfig: 'Pasarela SMS',
  guestFieldsLink: 'Datos de los invitados',
  guestFields: {
    title: 'Datos de los invitados',
    intro: 'Lo que se pide a los invitados al conectarse en esta ubicación, según los métodos de acceso que tiene activados.',
    field: 'Campo',
    askedIn: 'Se pide en',
    required: '{{method}} (obligatorio)',
    requiredHelp: '«Obligatorio»: los invitados no pueden conectarse con ese método sin rellenarlo.',
    none: 'Ningún método de acceso de esta ubicación pide datos a los invitados.',
    change: 'Cambiarlos en el diseñador de la página de bienvenida',
    changeHelp: 'Los campos de cada método de acceso se configuran en el diseñador de la página de bienvenida.',
    kinds: {
      email: 'Correo electrónico',
      voucher: 'Código de cupón',
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
    },
  },
};

i18n.addResourceBundle('en-US', 'translation', { settings: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { settings: es }, true, true);
