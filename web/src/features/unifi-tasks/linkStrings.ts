import i18n from 'i18next';

// The settings list's link to the UniFi scheduled tasks (the list loads with the shell; the page's own
// strings load with the page).
export const settingsLinkEn = { settingsLink: 'UniFi scheduled tasks' };
export const settingsLinkEs: typeof settingsLinkEn = { settingsLink: 'Tareas programadas de UniFi' };

i18n.addResourceBundle('en-US', 'translation', { unifiTasks: settingsLinkEn }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { unifiTasks: settingsLinkEs }, true, true);
