import type { Profile } from '@splashboard/contract';

export interface UiVendorSettings {
  crisp_site_id: string;
}

declare global {
  interface Window {
    $crisp?: unknown[];
    CRISP_WEBSITE_ID?: string;
  }
}

/**
 * The chat widget of the specification: loaded only when the server configures it and the user holds
 * `chat_widget`; otherwise nothing is added and nothing is fetched. Answers whether it was loaded.
 */
export function loadChatWidget(settings: UiVendorSettings, user: Profile, doc: Document = document): boolean {
  if (!settings.crisp_site_id || !user.permissions.chat_widget) return false;
  if (doc.getElementById('crisp-widget')) return true;
  window.$crisp = [
    ['set', 'user:email', [user.email, user.crisp_hash]],
    ['set', 'user:nickname', [user.name]],
  ];
  window.CRISP_WEBSITE_ID = settings.crisp_site_id;
  const script = doc.createElement('script');
  script.id = 'crisp-widget';
  script.src = 'https://client.crisp.chat/l.js';
  script.async = true;
  doc.head.appendChild(script);
  return true;
}
