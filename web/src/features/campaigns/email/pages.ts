// One lazy chunk for the email campaign pages (the content editor is a chunk of its own, loaded by the editor page).
export { EmailCampaignsPage } from './EmailCampaignsPage.tsx';
export { EmailCampaignEditorPage } from './EmailCampaignEditorPage.tsx';
