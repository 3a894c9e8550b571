import i18n from 'i18next';

// The settings list's link to the report page (the settings list loads with the shell; the page's own
// strings load with the page).
export const settingsLinksEn = {
  settingsLink: 'Client reports',
  settingsPurpose: 'A scheduled email with this location’s figures, to you and your clients.',
};
export const settingsLinksEs: typeof settingsLinksEn = {
  settingsLink: 'Informes para clientes',
  settingsPurpose: 'Un correo programado con las cifras de esta ubicación, para ti y tus clientes.',
};

i18n.addResourceBundle('en-US', 'translation', { reports: settingsLinksEn }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { reports: settingsLinksEs }, true, true);
