import i18n from 'i18next';
import '../i18n.ts';

// The splash A/B tests page (/app/campaigns/ab-tests), English (US) and Spanish (Spain). The design fields'
// labels are the splash designer's.
const en = {
  title: 'Splash A/B tests',
  intro:
    'Show guests two to four versions of the splash page side by side and see which one gets more of them online. Each device always sees the same version.',
  loadFailed: 'The A/B tests could not be loaded',
  readOnly: 'You can see the tests but not start or end them (Read Only access).',
  stages: {
    impressions: 'Splash page shown',
    method_chosen: 'Login method chosen',
    submitted: 'Login sent',
    granted: 'Online',
  },
  funnel: {
    title: 'Login funnel',
    intro: 'How many guests reached each step of the login on this location’s splash page.',
    from: 'From',
    to: 'To',
    stepRate: '{{rate}} of the step before',
    noData: 'No guest has seen the splash page in these days.',
    chart: 'Guests at each step of the login',
  },
  running: {
    title: 'Running test: {{name}}',
    since: 'Started {{date}}',
    share: '{{weight}} % of guests',
    conversion: 'Conversion',
    chance: 'Chance to be best',
    keep: 'End test and keep this variant',
    keepTitle: 'Keep “{{name}}”?',
    keepBody:
      'The test ends and this variant’s changes become the splash page every guest sees. The other variants are kept only in the test’s history.',
    keepConfirm: 'End and keep',
    kept: 'The test ended: “{{name}}” is now the splash page',
  },
  verdict: {
    sure: '{{name}} converts better, {{chance}} sure',
    leading: 'Too early to say: {{name}} leads ({{chance}} chance to be best)',
    tooEarly: 'Too early to say',
    rule: 'A winner is named when it is at least 95 % likely to be best and every variant was shown at least 100 times.',
  },
  start: {
    title: 'Start a test',
    name: 'Test name',
    variant: 'Variant {{n}}',
    variantName: 'Variant name',
    weight: 'Share of guests (%)',
    weightsTotal: 'Total: {{total}} % (must be 100 %)',
    changes: 'What this variant changes (empty: as the splash page is now)',
    addVariant: 'Add variant',
    removeVariant: 'Remove variant {{n}}',
    submit: 'Start test',
    started: 'Test started',
  },
  fields: {
    body_color: 'Page background',
    grid_color: 'Card background',
    logo_image: 'Logo (image address)',
    partialtos1_text: 'Text before the terms link',
    tos_text: 'Terms link',
    optional_h1: 'Marketing heading',
  },
  past: {
    title: 'Past tests',
    none: 'No test has ended yet.',
    ended: '{{start}} – {{end}}',
    kept: 'Kept: {{name}}',
    name: 'Test',
    dates: 'Dates',
    result: 'Result',
  },
};

const es: typeof en = {
  title: 'Pruebas A/B de la página de bienvenida',
  intro:
    'Muestra a los invitados de dos a cuatro versiones de la página de bienvenida a la vez y descubre con cuál se conectan más. Cada dispositivo ve siempre la misma versión.',
  loadFailed: 'No se han podido cargar las pruebas A/B',
  readOnly: 'Puedes ver las pruebas pero no empezarlas ni terminarlas (acceso de solo lectura).',
  stages: {
    impressions: 'Página de bienvenida vista',
    method_chosen: 'Método de acceso elegido',
    submitted: 'Acceso enviado',
    granted: 'Conectado',
  },
  funnel: {
    title: 'Embudo de acceso',
    intro: 'Cuántos invitados llegaron a cada paso del acceso en la página de bienvenida de esta ubicación.',
    from: 'Desde',
    to: 'Hasta',
    stepRate: '{{rate}} del paso anterior',
    noData: 'Ningún invitado ha visto la página de bienvenida en estos días.',
    chart: 'Invitados en cada paso del acceso',
  },
  running: {
    title: 'Prueba en marcha: {{name}}',
    since: 'Empezó el {{date}}',
    share: '{{weight}} % de los invitados',
    conversion: 'Conversión',
    chance: 'Probabilidad de ser la mejor',
    keep: 'Terminar la prueba y quedarse con esta variante',
    keepTitle: '¿Quedarse con «{{name}}»?',
    keepBody:
      'La prueba termina y los cambios de esta variante pasan a ser la página de bienvenida que ven todos los invitados. Las demás variantes quedan solo en el historial de la prueba.',
    keepConfirm: 'Terminar y quedarse',
    kept: 'La prueba ha terminado: «{{name}}» es ahora la página de bienvenida',
  },
  verdict: {
    sure: '{{name}} convierte mejor, con un {{chance}} de seguridad',
    leading: 'Aún es pronto: {{name}} va en cabeza ({{chance}} de probabilidad de ser la mejor)',
    tooEarly: 'Aún es pronto para saberlo',
    rule: 'Se nombra una ganadora cuando tiene al menos un 95 % de probabilidad de ser la mejor y cada variante se ha mostrado al menos 100 veces.',
  },
  start: {
    title: 'Empezar una prueba',
    name: 'Nombre de la prueba',
    variant: 'Variante {{n}}',
    variantName: 'Nombre de la variante',
    weight: 'Parte de los invitados (%)',
    weightsTotal: 'Total: {{total}} % (debe ser 100 %)',
    changes: 'Qué cambia esta variante (vacío: como está ahora la página)',
    addVariant: 'Añadir variante',
    removeVariant: 'Quitar la variante {{n}}',
    submit: 'Empezar la prueba',
    started: 'Prueba empezada',
  },
  fields: {
    body_color: 'Fondo de la página',
    grid_color: 'Fondo de la tarjeta',
    logo_image: 'Logotipo (dirección de la imagen)',
    partialtos1_text: 'Texto antes del enlace de condiciones',
    tos_text: 'Enlace de condiciones',
    optional_h1: 'Título de marketing',
  },
  past: {
    title: 'Pruebas anteriores',
    none: 'Todavía no ha terminado ninguna prueba.',
    ended: '{{start}} – {{end}}',
    kept: 'Elegida: {{name}}',
    name: 'Prueba',
    dates: 'Fechas',
    result: 'Resultado',
  },
};

i18n.addResourceBundle('en-US', 'translation', { campaigns: { ab: en } }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { campaigns: { ab: es } }, true, true);
