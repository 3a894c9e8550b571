import type { SplashAd, SplashAdCreate, SplashAdRule, SplashAdUpdate } from '@splashboard/contract';
import { gzipSync } from 'node:zlib';
import { messageText, splashAdCreateSchema, SPLASH_AD_COMPRESSED_MAX_KB, type MessageCode } from '@splashboard/contract';
import { can, type AccessMode, type Actor } from '../../../platform/access.ts';
import { AppError, notFound, type SchemaErrors } from '../../../platform/errors.ts';
import type { CampaignDeps } from '../deps.ts';
import { campaignState } from '../campaign-state.ts';
import { checkContent } from '../content/sanitize-content.ts';
import { createSplashAdsRepo, type SplashAdWithCounts } from './splash-ads.repo.ts';

type Deps = Pick<CampaignDeps, 'db' | 'sites' | 'siteChanges'>;

export function toSplashAd(r: SplashAdWithCounts, now = new Date()): SplashAd {
  return {
    id: r.id,
    templateId: r.templateId,
    name: r.name,
    splashad_html: r.splashadHtml,
    splashad_json: r.splashadJson,
    link_url: r.linkUrl,
    placement: r.placement as SplashAd['placement'],
    autoskip: r.autoskip,
    autoskiptime: r.autoskiptime,
    run_now: r.runNow,
    start_time: r.startTime?.toISOString() ?? null,
    end_time: r.endTime?.toISOString() ?? null,
    active: r.active === 1 ? 1 : 0,
    trigger_type: r.triggerType as SplashAd['trigger_type'],
    trigger_param: r.triggerParam,
    rules_chaining: r.rulesChaining as SplashAd['rules_chaining'],
    enable_rules: r.enableRules,
    rules: r.rules as SplashAdRule[],
    state: campaignState({ active: r.active === 1, startTime: r.startTime, endTime: r.endTime }, now),
    impressions: r.impressions,
    clicks: r.clicks,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const date = (v: string | null) => (v ? new Date(v) : null);

/** The columns of an ad's fields as the API names them (only those given). */
function columnsOf(input: SplashAdUpdate) {
  return {
    ...(input.templateId !== undefined && { templateId: input.templateId }),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.splashad_html !== undefined && { splashadHtml: input.splashad_html }),
    ...(input.splashad_json !== undefined && { splashadJson: input.splashad_json }),
    ...(input.link_url !== undefined && { linkUrl: input.link_url }),
    ...(input.placement !== undefined && { placement: input.placement }),
    ...(input.autoskip !== undefined && { autoskip: input.autoskip }),
    ...(input.autoskiptime !== undefined && { autoskiptime: input.autoskiptime }),
    ...(input.run_now !== undefined && { runNow: input.run_now }),
    ...(input.start_time !== undefined && { startTime: date(input.start_time) }),
    ...(input.end_time !== undefined && { endTime: date(input.end_time) }),
    ...(input.active !== undefined && { active: input.active }),
    ...(input.trigger_type !== undefined && { triggerType: input.trigger_type }),
    ...(input.trigger_param !== undefined && { triggerParam: input.trigger_param }),
    ...(input.rules_chaining !== undefined && { rulesChaining: input.rules_chaining }),
    ...(input.enable_rules !== undefined && { enableRules: input.enable_rules }),
    ...(input.rules !== undefined && { rules: input.rules }),
  };
}

/**
 * The rules of a whole ad that a field's schema cannot see alone: the dates' order and the HTML's safety
 * (refused, not silently fixed). Safe HTML comes back sanitized, as it is stored.
 */
function checked(ad: Pick<SplashAdCreate, 'start_time' | 'end_time'> & { splashad_html?: string }, failed: MessageCode) {
  const errors: SchemaErrors = {};
  const start = date(ad.start_time);
  const end = date(ad.end_time);
  if (start && end && start > end) errors.end_time = [messageText('campaigns.dateOrder')];
  const content = ad.splashad_html === undefined ? undefined : checkContent(ad.splashad_html);
  if (content && !content.ok) errors.splashad_html = [messageText('campaigns.unsafeHtml', { detail: content.detail })];
  else if (content?.ok) {
    const kb = Math.ceil(gzipSync(content.html).length / 1024);
    if (kb > SPLASH_AD_COMPRESSED_MAX_KB)
      errors.splashad_html = [messageText('campaigns.adTooLarge', { size: kb, max: SPLASH_AD_COMPRESSED_MAX_KB })];
  }
  if (Object.keys(errors).length) throw new AppError(422, failed, { schemaErrors: errors });
  return content?.ok ? content.html : undefined;
}

/**
 * The splash-page ads of a site (permission splash_campaigns: read to see them, write to change them).
 * Another account's site or ad answers 404. A deleted ad is hidden everywhere but kept with its counts.
 */
export function createSplashAdsService({ db, sites, siteChanges }: Deps) {
  const ads = createSplashAdsRepo(db);

  async function access(actor: Actor | null, siteId: number, mode: AccessMode) {
    const found = await sites.siteFor(actor, siteId, 'splash_campaigns', mode);
    return { ...found, canWrite: can(found.actor, siteId, 'splash_campaigns', 'write', found.access) };
  }

  async function adIn(siteId: number, id: number) {
    const row = await ads.byId(siteId, id);
    if (!row) throw notFound('campaigns.adNotFound');
    return row;
  }

  return {
    async list(actor: Actor | null, siteId: number) {
      const { canWrite } = await access(actor, siteId, 'read');
      const now = new Date();
      const list = (await ads.list(siteId)).map((r) => {
        const { splashad_html: _h, splashad_json: _j, ...summary } = toSplashAd(r, now);
        return summary;
      });
      return { ads: list, can_write: canWrite };
    },

    async get(actor: Actor | null, siteId: number, id: number): Promise<SplashAd> {
      await access(actor, siteId, 'read');
      return toSplashAd(await adIn(siteId, id));
    },

    async create(actor: Actor | null, siteId: number, input: SplashAdCreate): Promise<SplashAd> {
      const { row: site } = await access(actor, siteId, 'write');
      const html = checked(input, 'campaigns.creationFailed');
      const full = splashAdCreateSchema.parse(input);
      const row = await ads.insert({
        accountId: site.accountId,
        siteId,
        ...columnsOf({ ...full, splashad_html: html ?? '' }),
        // Run now: the ad starts when it is made.
        ...(full.run_now && !full.start_time && { startTime: new Date() }),
      } as Parameters<typeof ads.insert>[0]);
      siteChanges.publish(siteId);
      return toSplashAd({ ...row, impressions: 0, clicks: 0 });
    },

    /** Any subset of the fields; the ad as it would be after the change is checked before anything is stored. */
    async update(actor: Actor | null, siteId: number, id: number, input: SplashAdUpdate): Promise<SplashAd> {
      await access(actor, siteId, 'write');
      const current = toSplashAd(await adIn(siteId, id));
      const html = checked(
        {
          start_time: input.start_time !== undefined ? input.start_time : current.start_time,
          end_time: input.end_time !== undefined ? input.end_time : current.end_time,
          splashad_html: input.splashad_html,
        },
        'campaigns.updateFailed',
      );
      await ads.update(siteId, id, columnsOf({ ...input, ...(html !== undefined && { splashad_html: html }) }));
      siteChanges.publish(siteId);
      return toSplashAd(await adIn(siteId, id));
    },

    async remove(actor: Actor | null, siteId: number, id: number) {
      await access(actor, siteId, 'write');
      await adIn(siteId, id);
      await ads.update(siteId, id, { deletedAt: new Date() });
      siteChanges.publish(siteId);
      return { status: 200 as const, message: 'Deleted' };
    },
  };
}
export type SplashAdsService = ReturnType<typeof createSplashAdsService>;
