import i18n from 'i18next';

// The settings list's link to access health (the list loads with the shell; the page's strings with the page).
export const settingsLinkEn = {
  settingsLink: 'Access health',
  panelLink: 'Guest logins the gateway refused or has not confirmed',
};
export const settingsLinkEs: typeof settingsLinkEn = {
  settingsLink: 'Estado de los accesos',
  panelLink: 'Accesos de invitados que el router rechazó o no ha confirmado',
};

i18n.addResourceBundle('en-US', 'translation', { accessHealth: settingsLinkEn }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { accessHealth: settingsLinkEs }, true, true);
