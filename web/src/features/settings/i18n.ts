import i18n from 'i18next';
import '../../app/fieldKinds.i18n.ts';

// New keys of the settings area, merged into the `settings` strings of web/src/locales.
const en = {
  smsConfig: 'SMS gateway',
  integrations: 'Integrations',
  index: {
    siteName: 'The location’s name, currency, country code and time zone',
    redirectUrl: 'Where guests go once they are online',
    noRedirect: 'Not set: guests go on to the page they first asked for',
    guestFields: 'What guests are asked for when they log in',
    router: 'Connect the location’s router or controller to this server',
    splash: 'The page guests see before they get online, and how they log in',
    methods_one: '{{count}} login method: {{methods}}',
    methods_other: '{{count}} login methods: {{methods}}',
    unifiTasks: 'Jobs the UniFi controller runs on a schedule for this location',
    accessHealth: 'Recent guest logins and what the router answered',
    whitelist: 'Devices that get online without the splash page',
    devices_one: '{{count}} device',
    devices_other: '{{count}} devices',
    sms: 'The service that texts guests their login codes',
    smsStates: { on: 'On', off: 'Off', not_set: 'Not set' },
    integrations: 'Guests who agree to marketing sent to your CRM and email-marketing tools',
  },
  deleteSite: {
    title: 'Delete this location',
    intro: 'Deletes the location and everything of it. This cannot be undone.',
    open: 'Delete location…',
    dialogTitle: 'Delete “{{name}}”?',
    removes:
      'Its guests and their sessions, vouchers, guest accounts, whitelisted devices, splash page designs and uploaded images, router and SMS settings and RADIUS clients are deleted for good. Vouchers that also work at other locations go on there.',
    controller: 'Its router or controller is told to take the guests still online off the Wi-Fi, where it can.',
    typeName: 'To confirm, type the location’s name: {{name}}',
    nameLabel: 'Location name',
    confirm: 'Delete location',
    deleted: '“{{name}}” was deleted',
    failed: 'The location could not be deleted. Try again.',
  },
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
  integrations: 'Integraciones',
  index: {
    siteName: 'El nombre, la moneda, el prefijo de país y la zona horaria de la ubicación',
    redirectUrl: 'Adónde van los invitados una vez conectados',
    noRedirect: 'Sin configurar: los invitados siguen a la página que pidieron al principio',
    guestFields: 'Lo que se pide a los invitados al conectarse',
    router: 'Conecta el router o controlador de la ubicación con este servidor',
    splash: 'La página que ven los invitados antes de conectarse, y cómo acceden',
    methods_one: '{{count}} método de acceso: {{methods}}',
    methods_other: '{{count}} métodos de acceso: {{methods}}',
    unifiTasks: 'Tareas que el controlador UniFi ejecuta de forma programada en esta ubicación',
    accessHealth: 'Los últimos accesos de invitados y lo que respondió el router',
    whitelist: 'Dispositivos que se conectan sin pasar por la página de bienvenida',
    devices_one: '{{count}} dispositivo',
    devices_other: '{{count}} dispositivos',
    sms: 'El servicio que envía por SMS los códigos de acceso a los invitados',
    smsStates: { on: 'Activada', off: 'Desactivada', not_set: 'Sin configurar' },
    integrations: 'Los invitados que aceptan recibir publicidad, enviados a tus herramientas de CRM y de email marketing',
  },
  deleteSite: {
    title: 'Eliminar esta ubicación',
    intro: 'Elimina la ubicación y todo lo suyo. No se puede deshacer.',
    open: 'Eliminar ubicación…',
    dialogTitle: '¿Eliminar «{{name}}»?',
    removes:
      'Se eliminan para siempre sus invitados y sus sesiones, los vales, las cuentas de invitado, los dispositivos de la lista blanca, los diseños de la página de bienvenida y las imágenes subidas, la configuración del router y de SMS y los clientes RADIUS. Los vales que también sirven en otras ubicaciones siguen funcionando allí.',
    controller:
      'Se pide a su router o controlador que desconecte de la wifi a los invitados que sigan conectados, cuando puede hacerlo.',
    typeName: 'Para confirmar, escribe el nombre de la ubicación: {{name}}',
    nameLabel: 'Nombre de la ubicación',
    confirm: 'Eliminar ubicación',
    deleted: 'Se ha eliminado «{{name}}»',
    failed: 'No se ha podido eliminar la ubicación. Inténtalo de nuevo.',
  },
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
