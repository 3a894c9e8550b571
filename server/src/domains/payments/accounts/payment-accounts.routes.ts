import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeRecurringSchema,
  guestListQuerySchema,
  okSchema,
  paymentAccountActionAnswerSchema,
  paymentAccountConnectAnswerSchema,
  paymentAccountConnectSchema,
  paymentAccountDetailsSchema,
  paymentAccountDisconnectAnswerSchema,
  paymentAccountListSchema,
  paymentAccountPasswordSchema,
  paymentAccountUpdateSchema,
  positiveIdParam,
} from '@splashboard/contract';
import type { PaymentAccountsService } from './payment-accounts.service.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
/** The spec's `{x}` of the recurring calls: any value (the dashboard sends the account's package id); it is not read. */
const recurringParams = siteAndId.extend({ x: z.string().max(64) });
const tags = ['Payment accounts'];

/** /s/{siteId}/api/v1/paymentaccount/: guests' payment accounts, their devices, recurring payments and messages. */
export const paymentAccountsRoutes =
  (accounts: PaymentAccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/paymentaccount/',
      { schema: { tags, params: site, querystring: guestListQuerySchema, response: { 200: paymentAccountListSchema } } },
      async (r) => accounts.list(r.actor, r.params.siteId, r.query),
    );
    app.get(
      '/paymentaccount/:id',
      { schema: { tags, params: siteAndId, response: { 200: paymentAccountDetailsSchema } } },
      async (r) => accounts.get(r.actor, r.params.siteId, r.params.id),
    );
    app.put(
      '/paymentaccount/:id',
      { schema: { tags, params: siteAndId, body: paymentAccountUpdateSchema, response: { 200: paymentAccountDetailsSchema } } },
      async (r) => accounts.update(r.actor, r.params.siteId, r.params.id, r.body),
    );
    app.post(
      '/paymentaccount/:id/password',
      { schema: { tags, params: siteAndId, body: paymentAccountPasswordSchema, response: { 200: okSchema } } },
      async (r) => accounts.setPassword(r.actor, r.params.siteId, r.params.id, r.body.password),
    );
    app.post(
      '/paymentaccount/:id/connect',
      {
        schema: {
          tags,
          params: siteAndId,
          body: paymentAccountConnectSchema,
          response: { 200: paymentAccountConnectAnswerSchema },
        },
      },
      async (r) => accounts.connect(r.actor, r.params.siteId, r.params.id, r.body.guestmac),
    );
    app.post(
      '/paymentaccount/:id/disconnect/:mac',
      {
        schema: {
          tags,
          params: siteAndId.extend({ mac: z.string().trim().min(1).max(32) }),
          response: { 200: paymentAccountDisconnectAnswerSchema },
        },
      },
      async (r) => accounts.disconnect(r.actor, r.params.siteId, r.params.id, r.params.mac),
    );
    app.post(
      '/paymentaccount/:id/stoprecurring/:x',
      { schema: { tags, params: recurringParams, response: { 200: paymentAccountActionAnswerSchema } } },
      async (r) => accounts.stopRecurring(r.actor, r.params.siteId, r.params.id),
    );
    app.post(
      '/paymentaccount/:id/startrecurring/:x',
      { schema: { tags, params: recurringParams, response: { 200: paymentAccountActionAnswerSchema } } },
      async (r) => accounts.startRecurring(r.actor, r.params.siteId, r.params.id),
    );
    app.post(
      '/paymentaccount/:id/changerecurring/:x',
      {
        schema: {
          tags,
          params: recurringParams,
          body: changeRecurringSchema,
          response: { 200: paymentAccountActionAnswerSchema },
        },
      },
      async (r) => accounts.changeRecurring(r.actor, r.params.siteId, r.params.id, r.body.next_payment_on),
    );
    app.post(
      '/paymentaccount/:id/send/email',
      { schema: { tags, params: siteAndId, response: { 200: paymentAccountActionAnswerSchema } } },
      async (r) => accounts.sendEmail(r.actor, r.params.siteId, r.params.id),
    );
    app.post(
      '/paymentaccount/:id/send/sms',
      { schema: { tags, params: siteAndId, response: { 200: paymentAccountActionAnswerSchema } } },
      async (r) => accounts.sendSms(r.actor, r.params.siteId, r.params.id),
    );
  };
