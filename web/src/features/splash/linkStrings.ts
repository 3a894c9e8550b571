import i18n from 'i18next';

// The settings list's link to the screen style pages. It is part of the settings page (loaded with the
// shell), so it stays apart from the designer's strings, which load with the designer.
export const settingsLinkEn = { settingsLink: 'Splash screen styles' };
export const settingsLinkEs: typeof settingsLinkEn = { settingsLink: 'Estilos de las pantallas de bienvenida' };

i18n.addResourceBundle('en-US', 'translation', { splash: settingsLinkEn }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { splash: settingsLinkEs }, true, true);

/** The style page of the site's first login method (email when it has none yet). */
export function splashScreenLink(authMethods: string[] | undefined): string {
  const first = (authMethods ?? []).find((m) => m !== 'atos' && m !== 'multilanding');
  return `/app/settings-view/splash/${first ?? 'email'}`;
}
