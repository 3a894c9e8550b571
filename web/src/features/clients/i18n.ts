import i18n from 'i18next';
import '../admins/i18n.ts';
import { settingsLinksEn, settingsLinksEs } from './linkStrings.ts';

// The Clients screens (/app/clients, /create, /edit/{id}) and the client access page
// (/app/settings-view/client-access), English (US) and Spanish (Spain).
const en = {
  ...settingsLinksEn,
  title: 'Clients',
  intro:
    'Clients are people you invite to some of your locations, with No Access, Read Only or Read/Write for each area at each location.',
  create: 'Invite client',
  none: 'No clients yet.',
  columns: { status: 'Status', sites: 'Locations' },
  sitesCount_one: '{{count}} location',
  sitesCount_other: '{{count}} locations',
  removeTitle: 'Remove {{name}}?',
  removeBody: 'They lose access to every location and their sessions end at once.',
  form: {
    createTitle: 'Invite a client',
    createHelp: 'We email them an invitation to choose a password. They see only the locations and areas you give them.',
    send: 'Send invitation',
    editTitle: 'Edit {{name}}',
  },
  matrix: {
    title: 'Access per location',
    help: 'A location left at No Access everywhere is not given.',
    site: 'Location',
    setAll: 'Set everything to',
    setSite: 'Whole location',
    setArea: 'Every location',
    cell: '{{site}} · {{area}}',
    noSites: 'The account has no locations yet.',
    choose: 'Choose…',
  },
  invited: 'An invitation was emailed to {{email}}',
  notFound: 'This client is not on the account any more.',
  notFoundTitle: 'Client not found',
  backToList: 'Back to clients',
  access: {
    title: 'Client access',
    intro:
      'The clients of the account and what each can do at this location. A client with No Access everywhere does not see it.',
    none: 'No clients yet: invite one from the control panel (Clients).',
    readOnly: 'You can see these levels but not change them (Read Only access).',
    save: 'Save',
    savedFor: 'Access of {{name}} saved',
  },
  expired: { title: 'Subscription not active', account: 'Your account' },
};

const es: typeof en = {
  ...settingsLinksEs,
  title: 'Clientes',
  intro:
    'Los clientes son personas a las que invitas a algunas de tus ubicaciones, con Sin acceso, Solo lectura o Lectura/escritura para cada área de cada ubicación.',
  create: 'Invitar cliente',
  none: 'Todavía no hay clientes.',
  columns: { status: 'Estado', sites: 'Ubicaciones' },
  sitesCount_one: '{{count}} ubicación',
  sitesCount_other: '{{count}} ubicaciones',
  removeTitle: '¿Eliminar a {{name}}?',
  removeBody: 'Pierde el acceso a todas las ubicaciones y sus sesiones terminan en el acto.',
  form: {
    createTitle: 'Invitar a un cliente',
    createHelp: 'Le enviamos por correo una invitación para elegir una contraseña. Solo verá las ubicaciones y áreas que le des.',
    send: 'Enviar invitación',
    editTitle: 'Editar a {{name}}',
  },
  matrix: {
    title: 'Acceso por ubicación',
    help: 'Una ubicación con Sin acceso en todas las áreas no se da.',
    site: 'Ubicación',
    setAll: 'Poner todo en',
    setSite: 'Toda la ubicación',
    setArea: 'Todas las ubicaciones',
    cell: '{{site}} · {{area}}',
    noSites: 'La cuenta todavía no tiene ubicaciones.',
    choose: 'Elegir…',
  },
  invited: 'Se ha enviado una invitación por correo a {{email}}',
  notFound: 'Este cliente ya no está en la cuenta.',
  notFoundTitle: 'Cliente no encontrado',
  backToList: 'Volver a clientes',
  access: {
    title: 'Acceso de clientes',
    intro:
      'Los clientes de la cuenta y lo que cada uno puede hacer en esta ubicación. Un cliente con Sin acceso en todo no la ve.',
    none: 'Todavía no hay clientes: invita a uno desde el panel de control (Clientes).',
    readOnly: 'Puedes ver estos niveles, pero no cambiarlos (acceso de solo lectura).',
    save: 'Guardar',
    savedFor: 'Acceso de {{name}} guardado',
  },
  expired: { title: 'Suscripción no activa', account: 'Tu cuenta' },
};

i18n.addResourceBundle('en-US', 'translation', { clients: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { clients: es }, true, true);
