import i18n from 'i18next';
import { CAMPAIGN_MESSAGES } from '@splashboard/contract/messages';

// The campaigns area's shared texts, English (US) and Spanish (Spain); `errors` are the contract's
// CAMPAIGN_MESSAGES. Each part (email/, splash-ads/, ab-tests/) adds its own texts under campaigns.<part>.
const en = {
  errors: CAMPAIGN_MESSAGES,
};

const es: typeof en = {
  errors: {
    creationFailed: 'No se ha podido crear la campaña',
    updateFailed: 'No se ha podido actualizar la campaña',
    triggerValue: 'El valor del disparador debe ser mayor que 1 y menor que 31',
    dateOrder: 'La fecha de inicio debe ser anterior o igual a la fecha de fin',
    startTimeRequired: 'Elige cuándo empieza la campaña, o ejecútala ahora',
    unknownTemplate: 'No existe la plantilla {{templateId}}',
    unsafeHtml: 'El contenido tiene un script o un enlace no seguro ({{detail}}): quítalo y vuelve a guardar',
    adTooLarge:
      'El anuncio es demasiado grande para la página de un portal cautivo ({{size}} KB comprimido, como máximo {{max}} KB): usa imágenes más pequeñas o imágenes por su dirección',
    campaignNotFound: 'No hay ninguna campaña con este id en esta ubicación',
    adNotFound: 'No hay ningún anuncio de página de bienvenida con este id en esta ubicación',
    testNotFound: 'No hay ninguna prueba A/B con este id en esta ubicación',
    testSent: 'Correo de prueba enviado a {{email}}',
    noSmtp:
      'No se pueden enviar correos: configura los ajustes de envío (SMTP) o pide al administrador del servidor que defina SMTP_URL',
    smtpFailed: 'El servidor de correo lo ha rechazado: {{detail}}',
    smtpSaved: 'Ajustes de envío guardados',
    smtpOk: 'El servidor de correo ha aceptado la conexión y el inicio de sesión',
    testRunning: 'Esta ubicación ya tiene una prueba A/B en marcha: termínala antes de empezar otra',
    variantsNeeded: 'Una prueba A/B necesita de dos a cuatro variantes',
    weightsSum: 'El reparto del tráfico debe sumar 100 %',
    unknownVariant: 'Esta prueba no tiene la variante {{variantId}}',
    testEnded: 'Esta prueba A/B ha terminado',
    unsubscribed: 'Te has dado de baja',
    unsubscribeLinkInvalid: 'Este enlace de baja no es válido',
    optInConfirmed: 'Gracias: tu suscripción está confirmada',
    optInLinkInvalid: 'Este enlace de confirmación no es válido o ha caducado',
  },
};

i18n.addResourceBundle('en-US', 'translation', { campaigns: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { campaigns: es }, true, true);
