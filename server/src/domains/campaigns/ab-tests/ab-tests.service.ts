import type { AbTest, AbTestCreate, AbTestList, Funnel } from '@splashboard/contract';
import { can, type AccessMode, type Actor } from '../../../platform/access.ts';
import { fieldError, invalid, notFound, AppError } from '../../../platform/errors.ts';
import { foreignUploads } from '../../../platform/uploads.ts';
import { createSplashRepo } from '../../splash/splash.repo.ts';
import type { CampaignDeps } from '../deps.ts';
import { createAbTestsRepo, type AbTestWithVariants } from './ab-tests.repo.ts';
import { createFunnelRepo } from './funnel.repo.ts';
import { chancesToWin, verdictOf } from './verdict.ts';

const IMAGE_FIELDS = ['logo_image', 'html_image', 'splash_page_powered_by_logo'] as const;
const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The funnel's range: the given local days, else the last 30 days. */
export function rangeOf(fromdate?: string, todate?: string) {
  const to = todate ?? isoDay(new Date());
  const from = fromdate ?? isoDay(new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS));
  if (from > to) throw fieldError('todate', 'campaigns.dateOrder');
  return { from, to };
}

/**
 * Splash A/B tests of a site (permission splash_campaigns): start one, read its funnel per variant and
 * the verdict, end it keeping a variant, whose design changes then become the site's splash design.
 */
export function createAbTestsService(deps: CampaignDeps) {
  const tests = createAbTestsRepo(deps.db);
  const funnels = createFunnelRepo(deps.db);
  const splash = createSplashRepo(deps.db);

  async function access(actor: Actor | null, siteId: number, mode: AccessMode) {
    const found = await deps.sites.siteFor(actor, siteId, 'splash_campaigns', mode);
    return { ...found, canWrite: can(found.actor, siteId, 'splash_campaigns', 'write', found.access) };
  }

  async function view(siteId: number, test: AbTestWithVariants): Promise<AbTest> {
    const byVariant = await funnels.variants(
      siteId,
      test.variants.map((v) => v.id),
    );
    const outcomes = test.variants.map((v) => byVariant.get(v.id)!);
    const chances = chancesToWin(outcomes);
    const verdict = verdictOf(outcomes, chances);
    return {
      id: test.id,
      name: test.name,
      status: test.status as AbTest['status'],
      variants: test.variants.map((v, i) => ({
        id: v.id,
        name: v.name,
        weight: v.weight,
        design: v.design,
        funnel: outcomes[i]!,
        conversion: outcomes[i]!.impressions ? outcomes[i]!.granted / outcomes[i]!.impressions : 0,
        chance_to_win: chances[i]!,
      })),
      verdict: verdict && { variant_id: test.variants[verdict.leader]!.id, chance_to_win: verdict.chance, sure: verdict.sure },
      kept_variant_id: test.keptVariantId,
      started_at: test.startedAt.toISOString(),
      ended_at: test.endedAt?.toISOString() ?? null,
    };
  }

  async function one(siteId: number, id: number) {
    const test = await tests.byId(siteId, id);
    if (!test) throw notFound('campaigns.testNotFound');
    return test;
  }

  return {
    async list(actor: Actor | null, siteId: number): Promise<AbTestList> {
      const { canWrite } = await access(actor, siteId, 'read');
      const { from, to } = rangeOf();
      const all = await tests.list(siteId);
      return {
        tests: await Promise.all(all.map((t) => view(siteId, t))),
        funnel: await funnels.site(siteId, from, to),
        can_write: canWrite,
      };
    },

    async funnel(actor: Actor | null, siteId: number, fromdate?: string, todate?: string) {
      await access(actor, siteId, 'read');
      const { from, to } = rangeOf(fromdate, todate);
      const funnel: Funnel = await funnels.site(siteId, from, to);
      return { fromdate: from, todate: to, funnel };
    },

    async get(actor: Actor | null, siteId: number, id: number): Promise<AbTest> {
      await access(actor, siteId, 'read');
      return view(siteId, await one(siteId, id));
    },

    async start(actor: Actor | null, siteId: number, input: AbTestCreate): Promise<AbTest> {
      const { row: site } = await access(actor, siteId, 'write');
      const errors = Object.fromEntries(
        input.variants.flatMap((v, i) =>
          Object.entries(foreignUploads(v.design, IMAGE_FIELDS, site.accountId)).map(([f, m]) => [
            `variants.${i}.design.${f}`,
            m,
          ]),
        ),
      );
      if (Object.keys(errors).length) throw invalid(errors);
      const id = await tests.start(siteId, input.name, input.variants);
      if (id === null) throw new AppError(409, 'campaigns.testRunning');
      deps.siteChanges.publish(siteId);
      return view(siteId, await one(siteId, id));
    },

    /** Ends the test keeping a variant: its design changes are saved into the site's splash design. */
    async end(actor: Actor | null, siteId: number, id: number, keepVariantId: number): Promise<AbTest> {
      const { row: site } = await access(actor, siteId, 'write');
      const test = await one(siteId, id);
      if (test.status !== 'running') throw new AppError(409, 'campaigns.testEnded');
      const kept = test.variants.find((v) => v.id === keepVariantId);
      if (!kept) throw fieldError('keep_variant_id', 'campaigns.unknownVariant', { variantId: keepVariantId });
      if (!(await tests.end(id, kept.id))) throw new AppError(409, 'campaigns.testEnded');
      if (Object.keys(kept.design).length) await splash.mergeDesign(siteId, site.accountId, kept.design);
      deps.siteChanges.publish(siteId);
      return view(siteId, await one(siteId, id));
    },
  };
}
export type AbTestsService = ReturnType<typeof createAbTestsService>;
