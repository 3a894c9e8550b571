import type { FooterCopy, TemplateTexts } from './template-copy.ts';

export const FOOTER_ES: FooterCopy = {
  why: 'Recibes este correo porque te conectaste al wifi de {{site_name}} y aceptaste recibir nuestras novedades.',
};

export const TEXTS_ES: TemplateTexts = {
  welcome: {
    name: 'Bienvenida',
    description: 'Da las gracias a los nuevos clientes y invítalos a volver.',
    subject: '¡Bienvenido a {{site_name}}, {{first_name}}!',
    kicker: 'Nos alegra tenerte aquí',
    headline: '¡Hola, {{first_name}}!',
    paragraphs: [
      'Gracias por conectarte a nuestro wifi. Esperamos que hayas disfrutado de tu visita a {{site_name}}.',
      'A partir de ahora serás el primero en conocer nuestras novedades, eventos y ofertas para clientes.',
    ],
    button: 'Descubre nuestras novedades',
    signature: 'Hasta pronto,\nEl equipo de {{site_name}}',
  },
  come_back: {
    name: 'Vuelve',
    description: 'Recupera a los clientes que hace tiempo que no vienen.',
    subject: 'Te echamos de menos en {{site_name}}',
    kicker: 'Ha pasado un tiempo',
    headline: 'Te echamos de menos, {{first_name}}',
    paragraphs: [
      'Tu última visita a {{site_name}} fue el {{last_visit}} y desde entonces han cambiado muchas cosas.',
      'Ven a ver las novedades: tu mesa, y el wifi, te están esperando.',
    ],
    highlight: { label: 'Visitas hasta ahora', value: '{{visits}}' },
    button: 'Planea tu próxima visita',
    signature: 'Esperamos verte pronto,\nEl equipo de {{site_name}}',
  },
  birthday: {
    name: 'Cumpleaños',
    description: 'Felicita a tus clientes con un pequeño regalo.',
    subject: '¡Feliz cumpleaños, {{first_name}}! 🎂',
    kicker: 'Hoy es tu día',
    headline: '¡Feliz cumpleaños, {{first_name}}!',
    paragraphs: [
      'Todo el equipo de {{site_name}} te desea un día estupendo.',
      'Para celebrarlo, tu próxima visita incluye un detalle de nuestra parte. Enseña este correo al llegar.',
    ],
    highlight: { label: 'Tu regalo de cumpleaños', value: 'Un postre gratis' },
    button: 'Consigue tu regalo',
    signature: '¡Felicidades!\nEl equipo de {{site_name}}',
  },
  event: {
    name: 'Evento',
    description: 'Invita a tus clientes a un evento en tu local.',
    subject: 'Estás invitado: una noche especial en {{site_name}}',
    kicker: 'Reserva la fecha',
    headline: 'Te esperamos en una noche especial',
    paragraphs: [
      'Hola, {{first_name}}: organizamos una velada con música en directo, buena comida y mejor compañía en {{site_name}}.',
      'Las plazas son limitadas, así que avísanos si vienes.',
    ],
    highlight: { label: 'Cuándo y dónde', value: 'Viernes, 20:00 · {{site_name}}' },
    button: 'Reserva tu plaza',
    signature: 'Nos vemos allí,\nEl equipo de {{site_name}}',
  },
  offer: {
    name: 'Oferta',
    description: 'Comparte un descuento o una oferta por tiempo limitado.',
    subject: '{{first_name}}, un 20 % de descuento para ti esta semana',
    kicker: 'Solo para clientes de nuestro wifi',
    headline: '20 % de descuento en tu próxima visita',
    paragraphs: [
      'Hola, {{first_name}}: para agradecerte tu visita a {{site_name}}, disfruta de un 20 % de descuento en tu próxima visita esta semana.',
      'Enseña el código en la barra. Un uso por cliente.',
    ],
    highlight: { label: 'Tu código', value: 'WIFI20' },
    button: 'Ver la oferta',
    signature: 'Que lo disfrutes,\nEl equipo de {{site_name}}',
  },
  newsletter: {
    name: 'Boletín',
    description: 'Mantén a tus clientes al día de tus novedades.',
    subject: 'Novedades de {{site_name}}',
    kicker: 'Este mes',
    headline: 'Novedades en {{site_name}}',
    paragraphs: ['Hola, {{first_name}}: esto es lo que ha pasado y lo que está por venir.'],
    cards: [
      { title: 'Nueva carta', text: 'Platos de temporada con productos locales.' },
      { title: 'Más horas', text: 'Ahora abrimos hasta medianoche los fines de semana.' },
      { title: 'Wifi más rápido', text: 'Más velocidad para trabajar, ver series y hacer videollamadas.' },
    ],
    button: 'Leer más',
    signature: 'Gracias por leernos,\nEl equipo de {{site_name}}',
  },
};
