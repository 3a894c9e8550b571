import i18n from 'i18next';

// The settings list's link to the client access page (the settings list loads with the shell; the
// screens' own strings load with the screens).
export const settingsLinksEn = {
  settingsLink: 'Client access',
  settingsPurpose: 'What each invited client can see and change at this location.',
};
export const settingsLinksEs: typeof settingsLinksEn = {
  settingsLink: 'Acceso de clientes',
  settingsPurpose: 'Qué puede ver y cambiar cada cliente invitado en esta ubicación.',
};

i18n.addResourceBundle('en-US', 'translation', { clients: settingsLinksEn }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { clients: settingsLinksEs }, true, true);
