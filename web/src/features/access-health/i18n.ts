import i18n from 'i18next';

// The access health page (/app/settings-view/access-health), English (US) and Spanish (Spain).
const en = {
  title: 'Access health',
  intro:
    'Every guest login asks the gateway to let the device online. Here is what the gateway answered: failed grants left a guest offline, unconfirmed ones are still waiting for the gateway.',
  summary: { failed: 'Failed', unconfirmed: 'Not confirmed', confirmed: 'Confirmed' },
  filter: 'Show',
  filters: {
    all: 'All grants',
    failed: 'Failed',
    unconfirmed: 'Not confirmed',
    pending: 'Waiting for the gateway',
    granted: 'Sent to the gateway',
    confirmed: 'Confirmed',
  },
  period: 'Period',
  periods: { '1': 'Last 24 hours', '7': 'Last 7 days', '30': 'Last 30 days', '90': 'Last 90 days' },
  status: {
    pending: 'Waiting',
    granted: 'Sent, not confirmed',
    confirmed: 'Confirmed',
    failed: 'Failed',
  },
  columns: { when: 'When', device: 'Device', method: 'Login', status: 'Status', reason: 'Reason' },
  reasons: {
    not_configured: 'The controller is not set up',
    unreachable: 'The controller could not be reached',
    timeout: 'The controller did not answer in time',
    tls: 'The controller’s certificate was not trusted',
    invalid_credentials: 'The controller refused the username or password',
    needs_super_admin: 'The controller account is not allowed to do this',
    rejected: 'The controller refused the request',
    bad_response: 'The controller answered something unexpected',
    bad_arrival: 'The gateway’s redirect could not be read',
    unsupported: 'The gateway cannot do this',
    limits: 'Let in, but the gateway does not enforce every limit',
    other: 'Something went wrong',
  },
  // The server's codes (accessHealth.*): each limit a gateway does not enforce, with the login's value.
  errors: {
    sessionLength: 'The gateway does not end the session after {{minutes}} minutes: its own session length applies',
    uploadRate: 'The gateway does not hold uploads to {{kbps}} kbps',
    downloadRate: 'The gateway does not hold downloads to {{kbps}} kbps',
    dataQuota: 'The gateway does not stop the device after {{mb}} MB',
  },
  unknownDevice: 'Unknown device',
  none: 'No grants in this period.',
  noneFiltered: 'No grants match this filter in this period.',
  loadFailed: 'Something went wrong',
};

const es: typeof en = {
  title: 'Estado de los accesos',
  intro:
    'Cada acceso de un invitado pide al router que deje conectarse al dispositivo. Aquí ves lo que respondió: los accesos fallidos dejaron a un invitado sin conexión y los no confirmados siguen esperando al router.',
  summary: { failed: 'Fallidos', unconfirmed: 'Sin confirmar', confirmed: 'Confirmados' },
  filter: 'Mostrar',
  filters: {
    all: 'Todos los accesos',
    failed: 'Fallidos',
    unconfirmed: 'Sin confirmar',
    pending: 'Esperando al router',
    granted: 'Enviados al router',
    confirmed: 'Confirmados',
  },
  period: 'Periodo',
  periods: { '1': 'Últimas 24 horas', '7': 'Últimos 7 días', '30': 'Últimos 30 días', '90': 'Últimos 90 días' },
  status: {
    pending: 'Esperando',
    granted: 'Enviado, sin confirmar',
    confirmed: 'Confirmado',
    failed: 'Fallido',
  },
  columns: { when: 'Cuándo', device: 'Dispositivo', method: 'Acceso', status: 'Estado', reason: 'Motivo' },
  reasons: {
    not_configured: 'El controlador no está configurado',
    unreachable: 'No se pudo contactar con el controlador',
    timeout: 'El controlador no respondió a tiempo',
    tls: 'El certificado del controlador no es de confianza',
    invalid_credentials: 'El controlador rechazó el usuario o la contraseña',
    needs_super_admin: 'La cuenta del controlador no tiene permiso para hacerlo',
    rejected: 'El controlador rechazó la petición',
    bad_response: 'El controlador respondió algo inesperado',
    bad_arrival: 'No se pudo leer la redirección del router',
    unsupported: 'El router no puede hacerlo',
    limits: 'Conectado, pero el router no aplica todos los límites',
    other: 'Algo ha ido mal',
  },
  errors: {
    sessionLength: 'El router no corta la sesión a los {{minutes}} minutos: se aplica su propia duración de sesión',
    uploadRate: 'El router no limita la subida a {{kbps}} kbps',
    downloadRate: 'El router no limita la descarga a {{kbps}} kbps',
    dataQuota: 'El router no desconecta el dispositivo tras {{mb}} MB',
  },
  unknownDevice: 'Dispositivo desconocido',
  none: 'No hay accesos en este periodo.',
  noneFiltered: 'Ningún acceso coincide con este filtro en este periodo.',
  loadFailed: 'Algo ha ido mal',
};

i18n.addResourceBundle('en-US', 'translation', { accessHealth: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { accessHealth: es }, true, true);
