import i18n from 'i18next';
import { UNIFI_TASK_MESSAGES } from '@splashboard/contract/messages';

// The UniFi scheduled tasks page (/app/settings-view/unifi-scheduled-tasks), English (US) and Spanish (Spain).
const en = {
  title: 'UniFi scheduled tasks',
  intro: 'Let the UniFi controller of this location do these on a schedule. Times are local to the location ({{timezone}}).',
  readOnly: 'You can see these tasks but not change them (Read Only access).',
  notUnifi: 'This location’s router is not UniFi: these tasks only work with a UniFi controller.',
  kinds: {
    reboot_aps: { name: 'Reboot all APs', help: 'Restarts every access point of the site, one after another.' },
    rf_scan: { name: 'RF scan', help: 'Each access point scans the radio spectrum, for the controller to pick better channels.' },
    restart_udm: {
      name: 'Restart UDM Pro',
      help: 'Restarts the UniFi OS console (UDM Pro, UDM, Cloud Gateway). Guests are offline for a few minutes.',
    },
  },
  consoleNote:
    'The console is restarted like any other device of the site: only a site whose controller lists a UDM or Cloud Gateway can use this task.',
  enabled: 'On a schedule',
  frequency: 'How often',
  frequencies: { daily: 'Every day', weekly: 'Every week' },
  weekday: 'Day',
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  time: 'Time',
  save: 'Save',
  runNow: 'Run now',
  confirmTitle: '{{task}} now?',
  confirmBody: 'The controller does it at once; guests may lose the connection for a few minutes.',
  cancel: 'Cancel',
  saved: 'Saved',
  saveFailed: 'Save updates failed',
  queued: 'Sent to the controller',
  runFailed: 'Something went wrong',
  loadFailed: 'Something went wrong',
  nextRun: 'Next run: {{date}}',
  noNextRun: 'Not scheduled',
  lastRun: 'Last run: {{date}}',
  neverRun: 'Never run',
  status: {
    never: 'Never run',
    running: 'Running…',
    ok: 'Done',
    failed: 'Failed',
  },
  devices_one: '{{count}} device',
  devices_other: '{{count}} devices',
  errors: {
    ...UNIFI_TASK_MESSAGES,
    not_configured: 'The UniFi controller of this location is not set up: check its router settings.',
    no_devices: 'The controller lists no access points at this site.',
    unsupported: 'This controller cannot do it (a restart needs a UniFi OS console such as a UDM Pro).',
    controller: 'The controller refused: {{detail}}',
  },
  timeFormat: 'Enter a time such as 03:30',
};

const es: typeof en = {
  title: 'Tareas programadas de UniFi',
  intro:
    'Haz que el controlador UniFi de esta ubicación las realice de forma programada. Las horas son las locales de la ubicación ({{timezone}}).',
  readOnly: 'Puedes ver estas tareas, pero no cambiarlas (acceso de solo lectura).',
  notUnifi: 'El router de esta ubicación no es UniFi: estas tareas solo funcionan con un controlador UniFi.',
  kinds: {
    reboot_aps: { name: 'Reiniciar todos los AP', help: 'Reinicia todos los puntos de acceso de la ubicación, uno tras otro.' },
    rf_scan: {
      name: 'Escaneo de RF',
      help: 'Cada punto de acceso analiza el espectro de radio para que el controlador elija mejores canales.',
    },
    restart_udm: {
      name: 'Reiniciar UDM Pro',
      help: 'Reinicia la consola UniFi OS (UDM Pro, UDM, Cloud Gateway). Los invitados se quedan sin conexión unos minutos.',
    },
  },
  consoleNote:
    'La consola se reinicia como cualquier otro dispositivo del sitio: solo un sitio cuyo controlador tenga un UDM o Cloud Gateway puede usar esta tarea.',
  enabled: 'Programada',
  frequency: 'Frecuencia',
  frequencies: { daily: 'Cada día', weekly: 'Cada semana' },
  weekday: 'Día',
  weekdays: ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
  time: 'Hora',
  save: 'Guardar',
  runNow: 'Ejecutar ahora',
  confirmTitle: '¿{{task}} ahora?',
  confirmBody: 'El controlador lo hace en el acto; los invitados pueden perder la conexión unos minutos.',
  cancel: 'Cancelar',
  saved: 'Guardado',
  saveFailed: 'Error al guardar los cambios',
  queued: 'Enviado al controlador',
  runFailed: 'Algo ha ido mal',
  loadFailed: 'Algo ha ido mal',
  nextRun: 'Próxima ejecución: {{date}}',
  noNextRun: 'Sin programar',
  lastRun: 'Última ejecución: {{date}}',
  neverRun: 'Nunca se ha ejecutado',
  status: {
    never: 'Nunca se ha ejecutado',
    running: 'En curso…',
    ok: 'Hecho',
    failed: 'Error',
  },
  devices_one: '{{count}} dispositivo',
  devices_other: '{{count}} dispositivos',
  errors: {
    not_configured: 'El controlador UniFi de esta ubicación no está configurado: revisa los ajustes del router.',
    no_devices: 'El controlador no tiene puntos de acceso en esta ubicación.',
    unsupported: 'Este controlador no puede hacerlo (para reiniciar hace falta una consola UniFi OS, como un UDM Pro).',
    controller: 'El controlador lo ha rechazado: {{detail}}',
    notUnifi: 'El router de esta ubicación no es UniFi',
  },
  timeFormat: 'Introduce una hora como 03:30',
};

i18n.addResourceBundle('en-US', 'translation', { unifiTasks: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { unifiTasks: es }, true, true);
