export * from './model.ts';
export * from './i18n/index.ts';
export { resolveDesign, resolveStyles, fieldTitle, optionText, optionLabels } from './defaults.ts';
export { inputName, isCheckbox, countryOptions, COUNTRY_CODES } from './fields.ts';
export { sanitizeHtml, escapeHtml } from './sanitize.ts';
export { fontOf } from './css.ts';
export { renderScreen } from './render.tsx';
export { formatPrice, packageFacts, declineMessages } from './payment-format.ts';
