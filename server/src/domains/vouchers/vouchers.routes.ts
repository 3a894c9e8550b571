import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VOUCHER_DESIGNER_PATH,
  VOUCHER_KINDS,
  VOUCHER_LIST_STATUSES,
  idParam,
  multisiteVoucherBatchInputSchema,
  okSchema,
  positiveIdParam,
  voucherBatchInputSchema,
  voucherBatchListQuerySchema,
  voucherBatchListSchema,
  voucherBatchCreatedSchema,
  voucherBatchSchema,
  voucherDesignSchema,
  voucherDesignUpdateSchema,
  voucherDetailsSchema,
  voucherDeviceParam,
  voucherDisconnectAnswerSchema,
  voucherListQuerySchema,
  voucherListSchema,
  voucherLogoAnswerSchema,
  voucherPdfQuerySchema,
  type VoucherKind,
} from '@splashboard/contract';
import { readUpload } from '../../platform/uploads.ts';
import type { VoucherDesigns } from './voucher-designs.ts';
import type { VouchersService } from './vouchers.service.ts';

// Site 0 (the all-sites scope) has no vouchers: it passes validation and answers 404 like any unknown site.
const site = z.object({ siteId: idParam });
const siteAndId = site.extend({ id: positiveIdParam });

/**
 * Vouchers under /s/{siteId}/api/v1/voucher (permission voucher) and the same calls under
 * /s/{siteId}/api/v1/multisite_voucher (permission multisitevoucher).
 */
export const vouchersRoutes =
  (vouchers: VouchersService, designs: VoucherDesigns): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of VOUCHER_KINDS) register(kind);

    function register(kind: VoucherKind) {
      const tags = [kind === 'voucher' ? 'Vouchers' : 'Multi-site vouchers'];
      const base = `/${kind}`;
      const createBody = kind === 'voucher' ? voucherBatchInputSchema : multisiteVoucherBatchInputSchema;

      for (const status of VOUCHER_LIST_STATUSES) {
        app.get(
          `${base}/${status}`,
          { schema: { tags, params: site, querystring: voucherListQuerySchema, response: { 200: voucherListSchema } } },
          async (r) => vouchers.list(r.actor, r.params.siteId, kind, status, r.query),
        );
      }

      app.get(
        `${base}/batches`,
        { schema: { tags, params: site, querystring: voucherBatchListQuerySchema, response: { 200: voucherBatchListSchema } } },
        async (r) => vouchers.listBatches(r.actor, r.params.siteId, kind, r.query),
      );
      app.get(`${base}/batches/:id`, { schema: { tags, params: siteAndId, response: { 200: voucherBatchSchema } } }, async (r) =>
        vouchers.getBatch(r.actor, r.params.siteId, kind, r.params.id),
      );
      app.delete(`${base}/batches/:id`, { schema: { tags, params: siteAndId, response: { 200: okSchema } } }, async (r) =>
        vouchers.removeBatch(r.actor, r.params.siteId, kind, r.params.id),
      );
      app.get(
        `${base}/batches/:id/pdf`,
        {
          schema: {
            tags,
            params: siteAndId,
            querystring: voucherPdfQuerySchema,
            produces: ['application/pdf'],
            description: 'The batch’s cards to print, several per page (PDF).',
          },
        },
        async (r, reply) => {
          const { stream, filename } = await designs.pdf(r.actor, r.params.siteId, kind, r.params.id, r.query.paper, (done) => {
            if (!done.complete)
              r.log.info(
                { batch: r.params.id, codes_read: done.codes, pages: done.pages },
                'voucher PDF stopped before its end: the client went away or the drawing failed',
              );
          });
          reply.header('content-type', 'application/pdf');
          reply.header('content-disposition', `attachment; filename="${filename}"`);
          reply.header('cache-control', 'no-store');
          return reply.send(stream);
        },
      );

      // The create path answers with and without its trailing slash; the document lists it with one.
      for (const url of [`${base}/`, base]) {
        app.post(
          url,
          {
            schema: {
              hide: url === base,
              tags,
              params: site,
              body: createBody,
              description:
                '`warnings` has `voucher_login_off` when the location’s splash page has no login method for these vouchers (voucher, or multi-site voucher): guests cannot use them there until it is turned on.',
              response: { 200: voucherBatchCreatedSchema },
            },
          },
          async (r) => vouchers.create(r.actor, r.params.siteId, kind, r.body),
        );
      }

      const designer = `${base}/${VOUCHER_DESIGNER_PATH[kind]}`;
      for (const url of [`${designer}/`, designer]) {
        const hide = url === designer;
        app.get(url, { schema: { hide, tags, params: site, response: { 200: voucherDesignSchema } } }, async (r) =>
          designs.get(r.actor, r.params.siteId, kind),
        );
        app.put(
          url,
          { schema: { hide, tags, params: site, body: voucherDesignUpdateSchema, response: { 200: voucherDesignSchema } } },
          async (r) => designs.update(r.actor, r.params.siteId, kind, r.body),
        );
      }
      app.post(
        `${designer}/logo`,
        {
          schema: {
            tags,
            params: site,
            description: 'multipart/form-data with one image in `file` (PNG or JPEG).',
            response: { 200: voucherLogoAnswerSchema },
          },
        },
        async (r) => designs.uploadLogo(r.actor, r.params.siteId, kind, () => readUpload(r)),
      );

      app.get(`${base}/:id`, { schema: { tags, params: siteAndId, response: { 200: voucherDetailsSchema } } }, async (r) =>
        vouchers.details(r.actor, r.params.siteId, kind, r.params.id),
      );
      app.delete(`${base}/:id`, { schema: { tags, params: siteAndId, response: { 200: okSchema } } }, async (r) =>
        vouchers.remove(r.actor, r.params.siteId, kind, r.params.id),
      );
      app.post(
        `${base}/:id/disconnect/:user`,
        {
          schema: {
            tags,
            params: siteAndId.extend({ user: voucherDeviceParam }),
            response: { 200: voucherDisconnectAnswerSchema },
          },
        },
        async (r) => vouchers.disconnect(r.actor, r.params.siteId, kind, r.params.id, r.params.user),
      );
    }
  };
