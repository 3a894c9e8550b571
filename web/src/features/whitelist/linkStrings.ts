import i18n from 'i18next';

// The settings list's link to the whitelisted devices (the settings list loads with the shell; the
// screens' own strings load with the screens).
export const settingsLinksEn = { settingsLink: 'Whitelisted devices' };
export const settingsLinksEs: typeof settingsLinksEn = { settingsLink: 'Dispositivos en lista blanca' };

i18n.addResourceBundle('en-US', 'translation', { whitelist: settingsLinksEn }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { whitelist: settingsLinksEs }, true, true);
