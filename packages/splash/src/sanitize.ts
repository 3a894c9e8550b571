export { sanitizeHtml, escapeHtml } from '@splashboard/contract';
