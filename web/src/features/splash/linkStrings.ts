import i18n from 'i18next';

// The settings list's link to the screen style pages and the "Open as a guest" button of the dashboard's set-up
// checklist. They are part of pages loaded with the shell, so they stay apart from the designer's strings, which
// load with the designer.
export const settingsLinkEn = {
  settingsLink: 'Splash screen styles',
  openAsGuest: {
    button: 'Open as a guest',
    help: 'Opens your saved splash page in a new tab, in test mode: you go through every login step and see what the router would be told. Nobody is let in and nothing is kept as a guest.',
    failed: 'The splash page could not be opened in test mode',
  },
};
export const settingsLinkEs: typeof settingsLinkEn = {
  settingsLink: 'Estilos de las pantallas de bienvenida',
  openAsGuest: {
    button: 'Abrir como invitado',
    help: 'Abre tu página de bienvenida guardada en una pestaña nueva, en modo de prueba: pasas por todos los pasos de acceso y ves lo que se le indicaría al router. No se da acceso a nadie y no se guarda ningún invitado.',
    failed: 'No se ha podido abrir la página de bienvenida en modo de prueba',
  },
};

i18n.addResourceBundle('en-US', 'translation', { splash: settingsLinkEn }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { splash: settingsLinkEs }, true, true);

/** The style page of the site's first login method (email when it has none yet). */
export function splashScreenLink(authMethods: string[] | undefined): string {
  const first = (authMethods ?? []).find((m) => m !== 'atos' && m !== 'multilanding');
  return `/app/settings-view/splash/${first ?? 'email'}`;
}
