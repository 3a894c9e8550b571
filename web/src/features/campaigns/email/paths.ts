/** The site's campaign calls, and the account's mail settings. */
export const campaignsApi = (siteId: number | null | undefined) => `/s/${siteId}/api/v1/campaigns`;
export const MAIL_SETTINGS_API = '/a/api/v1/mail-settings';

export const EMAIL_CAMPAIGNS_PATH = '/app/campaigns/email';
export const CREATE_PATH = `${EMAIL_CAMPAIGNS_PATH}/create`;
export const editPath = (id: number) => `${EMAIL_CAMPAIGNS_PATH}/edit/${id}`;
