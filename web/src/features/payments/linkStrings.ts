import i18n from 'i18next';

// The settings list's link to the customer portal page (the settings list loads with the shell; the
// screens' own strings load with the screens).
export const settingsLinksEn = {
  settingsLink: 'Customer portal',
  settingsPurpose: 'The address where guests who bought Wi-Fi see their package, invoices and devices, and renew',
};
export const settingsLinksEs: typeof settingsLinksEn = {
  settingsLink: 'Portal de clientes',
  settingsPurpose: 'La dirección donde los invitados que han comprado wifi ven su paquete, facturas y dispositivos, y renuevan',
};

i18n.addResourceBundle('en-US', 'translation', { payments: settingsLinksEn }, true, true);
i18n.addResourceBundle('es-ES', 'translation', { payments: settingsLinksEs }, true, true);
