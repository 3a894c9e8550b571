import type { CampaignState } from '@splashboard/contract';

/** A campaign's (an email campaign's or a splash-page ad's) state now: a draft until activated, then not yet started, active, and ended once its end time passed. */
export function campaignState(
  c: { active: boolean; startTime: Date | null; endTime: Date | null },
  now = new Date(),
): CampaignState {
  if (!c.active) return 'draft';
  if (c.endTime && c.endTime <= now) return 'ended';
  if (c.startTime && c.startTime > now) return 'not_yet_started';
  return 'active';
}
