import i18n from 'i18next';

// The social profiles page, English (US) and Spanish (Spain). Its fields are the Facebook login's
// (fb_page, auth_fb_post): the server words their rules in English, matched here by their text.
const en = {
  title: 'Social profiles',
  intro:
    'The Facebook page of this location, used by the Facebook login of its splash page. The same settings show in the Facebook login’s advanced settings.',
  fbPage: 'Facebook page',
  fbPageHelp: 'The page’s address, such as https://www.facebook.com/yourpage',
  authFbPost: 'Ask guests to post about your page',
  facebookOff: 'The Facebook login is not turned on for this location: guests will not see your page until it is.',
  turnOn: 'Turn it on in the splash page’s login methods',
  methodSettings: 'Open the Facebook login’s settings',
  pageRule: 'Enter the page address starting with https://',
};

const es: typeof en = {
  title: 'Perfiles sociales',
  intro:
    'La página de Facebook de esta ubicación, que usa el acceso con Facebook de su página de bienvenida. Los mismos ajustes aparecen en los ajustes avanzados del acceso con Facebook.',
  fbPage: 'Página de Facebook',
  fbPageHelp: 'La dirección de la página, como https://www.facebook.com/tupagina',
  authFbPost: 'Pedir a los invitados que publiquen sobre tu página',
  facebookOff: 'El acceso con Facebook no está activado en esta ubicación: los invitados no verán tu página hasta que lo esté.',
  turnOn: 'Actívalo en los métodos de acceso de la página de bienvenida',
  methodSettings: 'Abrir los ajustes del acceso con Facebook',
  pageRule: 'Escribe la dirección de la página empezando por https://',
};

/** The server's English rule for the page address, to show in the dashboard's language. */
export const PAGE_RULE = en.pageRule;

i18n.addResourceBundle('en-US', 'translation', { social: en }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { social: es }, true, true);
