import type { CampaignState } from '@splashboard/contract';

/** A campaign's state: draft while off, then not yet started, active, ended by its schedule. */
export function campaignStateOf(on: boolean, startTime: Date | null, endTime: Date | null, now = new Date()): CampaignState {
  if (!on) return 'draft';
  if (endTime && endTime.getTime() <= now.getTime()) return 'ended';
  if (startTime && startTime.getTime() > now.getTime()) return 'not_yet_started';
  return 'active';
}
