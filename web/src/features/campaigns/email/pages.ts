// SEAM: the helper building these pages replaces this file.
export const EmailCampaignsPage = () => null;
export const EmailCampaignEditorPage = () => null;
