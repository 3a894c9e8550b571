import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestListQuerySchema,
  invoiceSentAnswerSchema,
  positiveIdParam,
  refundAnswerSchema,
  refundRequestSchema,
  transactionListSchema,
  transactionSchema,
  transactionUpdateSchema,
} from '@splashboard/contract';
import type { TransactionsService } from './transactions.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const tags = ['Transactions'];

/** /s/{siteId}/api/v1/paymenttransactions/: payments with their refunds, changes, invoices and refunds. */
export const transactionsRoutes =
  (transactions: TransactionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/paymenttransactions/',
      { schema: { tags, params: site, querystring: guestListQuerySchema, response: { 200: transactionListSchema } } },
      async (r) => transactions.list(r.actor, r.params.siteId, r.query),
    );
    app.get(
      '/paymenttransactions/:id',
      { schema: { tags, params: siteAndId, response: { 200: transactionSchema } } },
      async (r) => transactions.get(r.actor, r.params.siteId, r.params.id),
    );
    app.put(
      '/paymenttransactions/:id',
      { schema: { tags, params: siteAndId, body: transactionUpdateSchema, response: { 200: transactionSchema } } },
      async (r) => transactions.update(r.actor, r.params.siteId, r.params.id, r.body),
    );
    app.post(
      '/paymenttransactions/:id/resend/invoice',
      { schema: { tags, params: siteAndId, response: { 200: invoiceSentAnswerSchema } } },
      async (r) => transactions.resendInvoice(r.actor, r.params.siteId, r.params.id),
    );
    app.post(
      '/paymenttransactions/:id/refund',
      { schema: { tags, params: siteAndId, body: refundRequestSchema, response: { 200: refundAnswerSchema } } },
      async (r) => transactions.refund(r.actor, r.params.siteId, r.params.id, r.body),
    );
  };
