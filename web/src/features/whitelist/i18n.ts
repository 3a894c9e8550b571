import i18n from 'i18next';
import { WHITELIST_MESSAGES } from '@splashboard/contract/messages';

// The Whitelisted devices screens (/app/settings-view/whitelisted-devices, /app/whitelist/...),
// English (US) and Spanish (Spain).
const en = {
  title: 'Whitelisted devices',
  intro:
    'Devices on this list get online at this location without the splash page: the gateway admits them by their MAC address.',
  readOnly: 'You can see these devices but not change them (Read Only access).',
  create: 'Add device',
  search: 'Search MAC address, IP or description',
  none: 'No whitelisted devices yet.',
  noMatch: 'No device matches your search.',
  columns: {
    mac: 'MAC address',
    externalIp: 'External IP',
    description: 'Description',
    network: 'Controller',
    actions: 'Actions',
  },
  admission: {
    controller: 'Authorized on the controller',
    radius: 'Admitted by RADIUS',
    gateway: 'Admitted by openNDS (trusted MAC)',
  },
  gatewayList:
    'openNDS admits these devices itself, by its list of trusted MAC addresses: add each one on the gateway (a trustedmac line in /etc/config/opennds, then restart openNDS). This list does not reach the gateway.',
  network: {
    none: 'Admitted by RADIUS',
    pending: 'Sending to the controller…',
    authorized: 'Authorized on the controller',
    failed: 'The controller refused',
  },
  networkDetail: 'Controller answer: {{detail}}',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete {{mac}}?',
  deleteBody: 'The device will have to log in on the splash page again.',
  cancel: 'Cancel',
  deleted: 'Device deleted',
  deleteFailed: 'Delete failed',
  loadFailed: 'Something went wrong',
  notFound: 'This device is not on the list any more.',
  form: {
    createTitle: 'Add a whitelisted device',
    editTitle: 'Edit {{mac}}',
    mac: 'MAC address',
    macHelp: 'Any format: AA:BB:CC:DD:EE:FF, aa-bb-cc-dd-ee-ff, aabb.ccdd.eeff',
    externalIp: 'External IP',
    externalIpHelp:
      'The public IP address of this location’s internet connection, as seen from outside: what a “what is my IP” page shows on a device at the location (IPv4 or IPv6)',
    description: 'Description',
    save: 'Save',
  },
  created: 'Device added',
  saved: 'Saved',
  createFailed: 'Failed to create',
  checkFields: 'Not saved: check the fields marked in red',
  updateFailed: 'Update failed',
  errors: WHITELIST_MESSAGES,
};

const es: typeof en = {
  title: 'Dispositivos en lista blanca',
  intro:
    'Los dispositivos de esta lista se conectan en esta ubicación sin pasar por la página de bienvenida: el router los admite por su dirección MAC.',
  readOnly: 'Puedes ver estos dispositivos, pero no cambiarlos (acceso de solo lectura).',
  create: 'Añadir dispositivo',
  search: 'Buscar MAC, IP o descripción',
  none: 'Todavía no hay dispositivos en la lista blanca.',
  noMatch: 'Ningún dispositivo coincide con la búsqueda.',
  columns: {
    mac: 'Dirección MAC',
    externalIp: 'IP externa',
    description: 'Descripción',
    network: 'Controlador',
    actions: 'Acciones',
  },
  admission: {
    controller: 'Autorizado en el controlador',
    radius: 'Admitido por RADIUS',
    gateway: 'Admitido por openNDS (MAC de confianza)',
  },
  gatewayList:
    'openNDS admite estos dispositivos por su cuenta, con su lista de direcciones MAC de confianza: añade cada una en el router (una línea trustedmac en /etc/config/opennds y reinicia openNDS). Esta lista no llega al router.',
  network: {
    none: 'Admitido por RADIUS',
    pending: 'Enviando al controlador…',
    authorized: 'Autorizado en el controlador',
    failed: 'El controlador lo ha rechazado',
  },
  networkDetail: 'Respuesta del controlador: {{detail}}',
  edit: 'Editar',
  delete: 'Eliminar',
  deleteTitle: '¿Eliminar {{mac}}?',
  deleteBody: 'El dispositivo tendrá que volver a entrar por la página de bienvenida.',
  cancel: 'Cancelar',
  deleted: 'Dispositivo eliminado',
  deleteFailed: 'Error al eliminar',
  loadFailed: 'Algo ha ido mal',
  notFound: 'Este dispositivo ya no está en la lista.',
  form: {
    createTitle: 'Añadir un dispositivo a la lista blanca',
    editTitle: 'Editar {{mac}}',
    mac: 'Dirección MAC',
    macHelp: 'En cualquier formato: AA:BB:CC:DD:EE:FF, aa-bb-cc-dd-ee-ff, aabb.ccdd.eeff',
    externalIp: 'IP externa',
    externalIpHelp:
      'La dirección IP pública de la conexión a internet de esta ubicación, vista desde fuera: la que muestra una página de «cuál es mi IP» en un dispositivo de la ubicación (IPv4 o IPv6)',
    description: 'Descripción',
    save: 'Guardar',
  },
  created: 'Dispositivo añadido',
  saved: 'Guardado',
  createFailed: 'Error al crear',
  checkFields: 'No se ha guardado: revisa los campos marcados en rojo',
  updateFailed: 'Error al actualizar',
  errors: {
    required: 'La dirección MAC y la IP externa son obligatorias',
    badMac: 'Introduce una dirección MAC como AA:BB:CC:DD:EE:FF',
    badIp: 'Introduce una dirección IPv4 o IPv6',
    duplicate: 'Este dispositivo ya está en la lista blanca de esta ubicación',
  },
};

i18n.addResourceBundle('en-US', 'translation', { whitelist: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { whitelist: es }, true, true);
