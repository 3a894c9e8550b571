import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthMethod, FunnelStage } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { createAbTestsRepo, type AbTestWithVariants } from '../../domains/campaigns/ab-tests/ab-tests.repo.ts';
import { createFunnelRepo } from '../../domains/campaigns/ab-tests/funnel.repo.ts';
import type { PortalPass } from '../pass.ts';
import type { SiteSnapshot } from '../site-snapshot.ts';
import { pickVariant } from './split.ts';

/** Names the device of a guest whose gateway sends no MAC address. */
const DEVICE_COOKIE = 'sb_device';
const DEVICE_COOKIE_DAYS = 365;

/** What the funnel reads of a page's context (portal/methods/method.ts MethodContext). */
interface GuestPage {
  snap: SiteSnapshot;
  pass: PortalPass;
}

const offered = (ctx: GuestPage, name: string | undefined) => !!name && ctx.snap.loginMethods.includes(name as AuthMethod);

function cookieOf(r: FastifyRequest): string | undefined {
  const m = /(?:^|;\s*)sb_device=([\w-]{8,64})/.exec(String(r.headers.cookie ?? ''));
  return m?.[1];
}

/**
 * The login funnel and the splash A/B split in the portal. A guest of a site with a running test sees the
 * site's design with their variant's changes: the pages are drawn from a copy of the site's snapshot
 * (kept as long as the snapshot, so each variant's pages are drawn once too). Each step is counted per
 * site, day and variant (0 without a test); counting never holds up or fails a guest's page.
 */
export function createPortalFunnel(db: Database, log: FastifyBaseLogger) {
  const tests = createAbTestsRepo(db);
  const counts = createFunnelRepo(db);
  const running = new WeakMap<SiteSnapshot, Promise<AbTestWithVariants | null>>();
  const variantSnaps = new WeakMap<SiteSnapshot, Map<number, SiteSnapshot>>();
  const variantOfSnap = new WeakMap<SiteSnapshot, number>();

  /** The site's running test, read once per snapshot (a test started or ended drops the snapshot). */
  function testOf(snap: SiteSnapshot): Promise<AbTestWithVariants | null> {
    let found = running.get(snap);
    if (!found) {
      found = tests.running(snap.site.id).then(
        (t) => t ?? null,
        (err: unknown) => {
          log.error({ err, siteId: snap.site.id }, 'funnel: the running A/B test could not be read; the site design is shown');
          running.delete(snap);
          return null;
        },
      );
      running.set(snap, found);
    }
    return found;
  }

  /** The snapshot drawn with a variant's design changes. */
  function snapOfVariant(snap: SiteSnapshot, variant: { id: number; design: Record<string, unknown> }): SiteSnapshot {
    let byVariant = variantSnaps.get(snap);
    if (!byVariant) variantSnaps.set(snap, (byVariant = new Map()));
    let copy = byVariant.get(variant.id);
    if (!copy) {
      copy = { ...snap, design: { ...snap.design, ...variant.design } };
      variantOfSnap.set(copy, variant.id);
      byVariant.set(variant.id, copy);
    }
    return copy;
  }

  async function variantFor(snap: SiteSnapshot, device: string | null) {
    const test = await testOf(snap);
    if (!test || !device || !test.variants.length) return null;
    return pickVariant(test.id, device, test.variants);
  }

  /** Counts a step, in the background: a failure is logged, the guest's page goes on. */
  function count(snap: SiteSnapshot, variantId: number, stage: FunnelStage) {
    counts.count(snap.site.id, snap.site.timezone, variantId, stage).catch((err: unknown) => {
      log.error({ err, siteId: snap.site.id, stage }, 'funnel: a step could not be counted');
    });
  }

  return {
    /**
     * The guest's context for a page under their pass: with a running test, their variant's snapshot. A
     * guest without a MAC address gets a device cookie to be recognised by.
     */
    async enter<C extends GuestPage>(ctx: C, r: FastifyRequest, reply: FastifyReply): Promise<C> {
      let device = ctx.pass.arrival.clientMac;
      if (!device) {
        device = cookieOf(r) ?? randomUUID();
        reply.header(
          'set-cookie',
          `${DEVICE_COOKIE}=${device}; Path=/guest; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax`,
        );
      }
      const variant = await variantFor(ctx.snap, device);
      return variant ? { ...ctx, snap: snapOfVariant(ctx.snap, variant) } : ctx;
    },

    /**
     * Counts what a page under the pass showed or took: the first screen (the terms, or the methods) is an
     * impression; a method's form shown (on its own page, or as the start page of a site with one method)
     * is a method chosen; a method's form posted is a login submitted. Test mode is the operator's: not counted.
     * `singleMethod`: the start page is the site's only method's form.
     */
    shown(ctx: GuestPage, page: 'start' | 'method' | 'submit', name: string | undefined, singleMethod: boolean) {
      if (ctx.pass.test) return;
      const stages: FunnelStage[] = [];
      const termsFirst = ctx.snap.hasTerms;
      if (page === 'start') {
        if (!termsFirst || !ctx.pass.tos) stages.push('impressions');
        if ((!termsFirst || ctx.pass.tos) && singleMethod) stages.push('method_chosen');
      } else if (offered(ctx, name) && (!termsFirst || ctx.pass.tos)) {
        stages.push(page === 'method' ? 'method_chosen' : 'submitted');
      }
      for (const stage of stages) count(ctx.snap, variantOfSnap.get(ctx.snap) ?? 0, stage);
    },

    /**
     * Counts the controller's grant. The snapshot is the variant's when the login went through the pass's
     * pages; else (an emailed link, a return from Facebook) the variant is found again from the MAC address.
     */
    granted(snap: SiteSnapshot, clientMac: string | null) {
      const known = variantOfSnap.get(snap);
      if (known !== undefined) return count(snap, known, 'granted');
      variantFor(snap, clientMac).then(
        (variant) => count(snap, variant?.id ?? 0, 'granted'),
        (err: unknown) => log.error({ err, siteId: snap.site.id }, 'funnel: a grant could not be counted'),
      );
    },
  };
}
export type PortalFunnel = ReturnType<typeof createPortalFunnel>;
