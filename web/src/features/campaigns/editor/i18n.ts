import type { i18n as I18n } from 'i18next';
import type { MergeField } from '@splashboard/contract';

// The content editor's own controls (GrapesJS' panels have their locale files), under campaigns.editor.
const en = {
  loading: 'Loading the editor…',
  loadFailed: 'The editor could not start',
  preview: 'Preview width',
  canvas: 'The content being edited',
  devices: { desktop: 'Desktop (1024 px)', phone: 'Phone (375 px)' },
  mergeField: 'Insert merge field',
  selectText: 'Select a text in the content first, then insert the field.',
  fields: {
    first_name: 'First name',
    last_name: 'Last name',
    email: 'Email',
    site_name: 'Location name',
    visits: 'Number of visits',
    last_visit: 'Last visit',
  } satisfies Record<MergeField, string>,
};

const es: typeof en = {
  loading: 'Cargando el editor…',
  loadFailed: 'No se ha podido iniciar el editor',
  preview: 'Ancho de la vista previa',
  canvas: 'El contenido que se edita',
  devices: { desktop: 'Escritorio (1024 px)', phone: 'Móvil (375 px)' },
  mergeField: 'Insertar campo combinado',
  selectText: 'Selecciona primero un texto del contenido y luego inserta el campo.',
  fields: {
    first_name: 'Nombre',
    last_name: 'Apellidos',
    email: 'Correo electrónico',
    site_name: 'Nombre de la ubicación',
    visits: 'Número de visitas',
    last_visit: 'Última visita',
  },
};

/**
 * Adds the editor's texts to the dashboard's i18next. Given the instance rather than importing i18next: the
 * editor's chunk then shares fewer modules with the shell, whose chunks stay as they are.
 */
export function addEditorTexts(i18n: I18n) {
  if (i18n.exists('campaigns.editor.loading')) return;
  i18n.addResourceBundle('en-US', 'translation', { campaigns: { editor: en } }, true, true);
  i18n.addResourceBundle('es-ES', 'translation', { campaigns: { editor: es } }, true, true);
}
