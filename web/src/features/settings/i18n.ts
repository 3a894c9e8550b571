import i18n from 'i18next';
import '../../app/fieldKinds.i18n.ts';

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
  },
};

i18n.addResourceBundle('en-US', 'translation', { settings: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { settings: es }, true, true);
