import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestAccountConnectAnswerSchema,
  guestAccountConnectSchema,
  guestAccountCreateSchema,
  guestAccountDefaultsSchema,
  guestAccountDetailsSchema,
  guestAccountDisconnectAnswerSchema,
  guestAccountListSchema,
  guestAccountUpdateSchema,
  guestImportSchema,
  listQuerySchema,
  okSchema,
  positiveIdParam,
} from '@splashboard/contract';
import { readUpload } from '../../platform/uploads.ts';
import type { GuestAccountsService } from './guest-accounts.service.ts';
import type { GuestImports } from './guest-accounts.import.ts';

const site = z.object({ siteId: positiveIdParam });
const siteAndId = site.extend({ id: positiveIdParam });
const tags = ['Guest accounts'];

/** /s/{siteId}/api/v1/guestuser/: guest accounts (username and password), their devices and imports. */
export const guestAccountsRoutes =
  (accounts: GuestAccountsService, imports: GuestImports): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/guestuser/',
      { schema: { tags, params: site, querystring: listQuerySchema, response: { 200: guestAccountListSchema } } },
      async (r) => accounts.list(r.actor, r.params.siteId, r.query),
    );
    app.get('/guestuser/defaults', { schema: { tags, params: site, response: { 200: guestAccountDefaultsSchema } } }, async (r) =>
      accounts.defaults(r.actor, r.params.siteId),
    );
    app.post(
      '/guestuser/create',
      { schema: { tags, params: site, body: guestAccountCreateSchema, response: { 200: guestAccountDetailsSchema } } },
      async (r) => accounts.create(r.actor, r.params.siteId, r.body),
    );
    app.post(
      '/guestuser/import',
      { schema: { tags, params: site, consumes: ['multipart/form-data'], response: { 200: guestImportSchema } } },
      async (r) => imports.upload(r.actor, r.params.siteId, () => readUpload(r)),
    );
    app.get(
      '/guestuser/import/:importId',
      {
        schema: { tags, params: site.extend({ importId: positiveIdParam }), response: { 200: guestImportSchema } },
      },
      async (r) => imports.get(r.actor, r.params.siteId, r.params.importId),
    );
    app.get('/guestuser/:id', { schema: { tags, params: siteAndId, response: { 200: guestAccountDetailsSchema } } }, async (r) =>
      accounts.get(r.actor, r.params.siteId, r.params.id),
    );
    app.put(
      '/guestuser/:id',
      { schema: { tags, params: siteAndId, body: guestAccountUpdateSchema, response: { 200: guestAccountDetailsSchema } } },
      async (r) => accounts.update(r.actor, r.params.siteId, r.params.id, r.body),
    );
    app.delete('/guestuser/:id', { schema: { tags, params: siteAndId, response: { 200: okSchema } } }, async (r) =>
      accounts.remove(r.actor, r.params.siteId, r.params.id),
    );
    app.post(
      '/guestuser/:id/connect',
      {
        schema: { tags, params: siteAndId, body: guestAccountConnectSchema, response: { 200: guestAccountConnectAnswerSchema } },
      },
      async (r) => accounts.connect(r.actor, r.params.siteId, r.params.id, r.body.guestmac),
    );
    app.post(
      '/guestuser/:id/disconnect/:mac',
      {
        schema: {
          tags,
          params: siteAndId.extend({ mac: z.string().trim().min(1).max(32) }),
          response: { 200: guestAccountDisconnectAnswerSchema },
        },
      },
      async (r) => accounts.disconnect(r.actor, r.params.siteId, r.params.id, r.params.mac),
    );
  };
