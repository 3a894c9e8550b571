import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_METHOD_PATHS,
  accountLoginFieldsSchema,
  accountLoginFieldsUpdateSchema,
  availableFieldsSchema,
  fileLinkSchema,
  idParam,
  loginFieldsSchema,
  loginFieldsUpdateSchema,
  loginMethodStylesSchemas,
  loginMethodStylesUpdateSchemas,
  loginMethodValuesSchemas,
  loginMethodValuesUpdateSchemas,
  registrationFieldsSchema,
  registrationFieldsUpdateSchema,
  splashDesignAnswerSchema,
  splashDesignUpdateSchema,
  splashThumbnailsSchema,
  type LoginMethodPath,
} from '@splashboard/contract';
import { readUpload } from '../../platform/uploads.ts';
import type { ExtraValues } from './extra-values.ts';
import type { SplashService } from './splash.service.ts';

// Site 0 (the all-sites scope) has no splash page: it passes validation and answers 404 like any unknown site.
const site = z.object({ siteId: idParam });

/** Splash page settings under /s/{siteId}/api/v1: the design, its images, and every login method's settings. */
export const splashRoutes =
  (splash: SplashService, extraValues?: ExtraValues): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Splash page'];
    app.get('/splashpage/design', { schema: { tags, params: site, response: { 200: splashDesignAnswerSchema } } }, async (r) =>
      splash.getDesign(r.actor, r.params.siteId),
    );
    app.put(
      '/splashpage/design',
      { schema: { tags, params: site, body: splashDesignUpdateSchema, response: { 200: splashDesignAnswerSchema } } },
      async (r) => splash.updateDesign(r.actor, r.params.siteId, r.body),
    );
    app.post(
      '/splashpage/landingfile',
      { schema: { tags, params: site, consumes: ['multipart/form-data'], response: { 200: fileLinkSchema } } },
      async (r) => splash.uploadImage(r.actor, r.params.siteId, () => readUpload(r)),
    );
    app.get('/splashpage/thumbnails', { schema: { tags, params: site, response: { 200: splashThumbnailsSchema } } }, async (r) =>
      splash.thumbnails(r.actor, r.params.siteId),
    );

    for (const path of LOGIN_METHOD_PATHS) registerMethod(path);

    function registerMethod(path: LoginMethodPath) {
      const tags = [`Login method: ${path}`];
      const base = `/${path}/`;
      const extra = extraValues?.shapes[path];
      // Typed as the method's own values: the extra fields are answered, never taken.
      const values = (
        extra ? loginMethodValuesSchemas[path].extend(extra) : loginMethodValuesSchemas[path]
      ) as (typeof loginMethodValuesSchemas)[typeof path];
      const valuesUpdate = loginMethodValuesUpdateSchemas[path];

      // The base path answers with and without its trailing slash; the document lists it once.
      for (const url of [base, `/${path}`]) {
        const hide = url !== base;
        app.get(url, { schema: { hide, tags, params: site, response: { 200: values } } }, async (r) =>
          splash.getValues(r.actor, r.params.siteId, path),
        );
        app.put(url, { schema: { hide, tags, params: site, body: valuesUpdate, response: { 200: values } } }, async (r) =>
          splash.updateValues(r.actor, r.params.siteId, path, r.body as Record<string, unknown>),
        );
      }

      const styles = loginMethodStylesSchemas[path];
      app.get(`${base}splashpage`, { schema: { tags, params: site, response: { 200: styles } } }, async (r) =>
        splash.getStyles(r.actor, r.params.siteId, path),
      );
      app.put(
        `${base}splashpage`,
        { schema: { tags, params: site, body: loginMethodStylesUpdateSchemas[path], response: { 200: styles } } },
        async (r) => splash.updateStyles(r.actor, r.params.siteId, path, r.body),
      );

      app.get(`${base}fields`, { schema: { tags, params: site, response: { 200: availableFieldsSchema } } }, async (r) =>
        splash.availableFields(r.actor, r.params.siteId, path),
      );

      app.get(`${base}loginfields`, { schema: { tags, params: site, response: { 200: loginFieldsSchema } } }, async (r) => ({
        login_fields: await splash.getFieldList(r.actor, r.params.siteId, path, 'login_fields'),
      }));
      app.put(
        `${base}loginfields`,
        { schema: { tags, params: site, body: loginFieldsUpdateSchema, response: { 200: loginFieldsSchema } } },
        async (r) => ({
          login_fields: await splash.setFieldList(r.actor, r.params.siteId, path, 'login_fields', r.body.login_fields),
        }),
      );

      if (path === 'guestuserloginconfig') {
        app.get(
          `${base}registerfields`,
          { schema: { tags, params: site, response: { 200: registrationFieldsSchema } } },
          async (r) => ({
            registration_fields: await splash.getFieldList(r.actor, r.params.siteId, path, 'registration_fields'),
          }),
        );
        app.put(
          `${base}registerfields`,
          { schema: { tags, params: site, body: registrationFieldsUpdateSchema, response: { 200: registrationFieldsSchema } } },
          async (r) => ({
            registration_fields: await splash.setFieldList(
              r.actor,
              r.params.siteId,
              path,
              'registration_fields',
              r.body.registration_fields,
            ),
          }),
        );
      }

      if (path === 'paymentloginconfig') {
        app.get(
          `${base}accountfields`,
          { schema: { tags, params: site, response: { 200: accountLoginFieldsSchema } } },
          async (r) => ({
            account_login_fields: await splash.getFieldList(r.actor, r.params.siteId, path, 'account_login_fields'),
          }),
        );
        app.put(
          `${base}accountfields`,
          { schema: { tags, params: site, body: accountLoginFieldsUpdateSchema, response: { 200: accountLoginFieldsSchema } } },
          async (r) => ({
            account_login_fields: await splash.setFieldList(
              r.actor,
              r.params.siteId,
              path,
              'account_login_fields',
              r.body.account_login_fields,
            ),
          }),
        );
      }
    }
  };
