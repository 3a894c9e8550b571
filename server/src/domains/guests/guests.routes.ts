import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestDetailsSchema,
  guestDisconnectSchema,
  guestDownloadQuerySchema,
  guestDownloadStartSchema,
  guestDownloadStatusSchema,
  guestListQuerySchema,
  guestListSchema,
  idParam,
  okSchema,
  type GuestExportKind,
} from '@splashboard/contract';
import type { GuestsService } from './guests.service.ts';
import type { GuestExports } from './guest-exports.ts';

// Site 0 (the control panel) has no guests: the spec lists guests only inside a site, so it answers 404
// like any unknown site rather than a list across all sites.
const site = z.object({ siteId: idParam });
const guestId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const guest = site.extend({ id: guestId });
const download = site.extend({ exportId: z.uuid() });

const filtersOf = (q: { search: string; fromdate: string | null; todate: string | null }) => ({
  search: q.search,
  from: q.fromdate,
  to: q.todate,
});

/** Guests of a site under /s/{siteId}/api/v1/guest/: list, details, disconnect, delete and CSV downloads. */
export const guestsRoutes =
  (guests: GuestsService, exports: GuestExports): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Guests'];
    app.get(
      '/guest/',
      {
        schema: {
          tags,
          params: site,
          querystring: guestListQuerySchema,
          description:
            'Newest last visit first. fromdate/todate (DD/MM/YYYY, both included, in the site’s time zone) bound the day of the last visit; search looks in name, email and phone (3 characters or more). The total is exact without a search, and with one up to 1,000 matches; an estimate past that (total_exact false).',
          response: { 200: guestListSchema },
        },
      },
      async (r) =>
        guests.list(r.actor, r.params.siteId, { ...filtersOf(r.query), page: r.query.page, per_page: r.query.per_page }),
    );

    for (const kind of ['guests', 'sessions'] as GuestExportKind[]) {
      app.get(
        `/guest/download/${kind}`,
        {
          schema: {
            tags,
            params: site,
            querystring: guestDownloadQuerySchema,
            description: `Starts preparing a CSV of the ${kind} for these filters (dates DD-MM-YYYY${kind === 'sessions' ? ', the day a session started' : ', the day of the last visit'}). Poll status_url until it is ready.`,
            response: { 200: guestDownloadStartSchema },
          },
        },
        async (r) => exports.start(r.actor, r.params.siteId, kind, filtersOf(r.query)),
      );
    }
    app.get(
      '/guest/download/status/:exportId',
      { schema: { tags, params: download, response: { 200: guestDownloadStatusSchema } } },
      async (r) => exports.status(r.actor, r.params.siteId, r.params.exportId),
    );
    app.get(
      '/guest/download/file/:exportId',
      { schema: { tags, params: download, description: 'The prepared CSV (text/csv), once the status is ready.' } },
      async (r, reply) => {
        const { stream, fileName } = await exports.file(r.actor, r.params.siteId, r.params.exportId, r.log);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(stream);
      },
    );

    app.get('/guest/:id', { schema: { tags, params: guest, response: { 200: guestDetailsSchema } } }, async (r) =>
      guests.details(r.actor, r.params.siteId, r.params.id),
    );
    app.post(
      '/guest/:id/disconnect/:mac',
      {
        schema: {
          tags,
          params: guest.extend({ mac: z.string().max(32) }),
          description: 'Takes the device off the network through the site’s controller and ends its open sessions.',
          response: { 200: guestDisconnectSchema },
        },
      },
      async (r) => guests.disconnect(r.actor, r.params.siteId, r.params.id, r.params.mac),
    );
    app.delete(
      '/guest/:id',
      {
        schema: {
          tags,
          params: guest,
          description: 'Erases the guest with their devices, sessions and consent records.',
          response: { 200: okSchema },
        },
      },
      async (r) => guests.remove(r.actor, r.params.siteId, r.params.id),
    );
  };
