import type { CampaignDeps } from '../deps.ts';
import type { MailSettingsRepo } from './mail-settings.repo.ts';
import type { RecipientsRepo } from './recipients.repo.ts';
import type { SiteSettingsRepo } from './site-settings.repo.ts';
import type { TrackingTokens } from './tracking-tokens.ts';

/** What the delivery part's services share: the campaigns area's deps and the part's repos and tokens. */
export type DeliveryDeps = CampaignDeps & {
  mailSettings: MailSettingsRepo;
  recipients: RecipientsRepo;
  siteSettings: SiteSettingsRepo;
  tokens: TrackingTokens;
};
