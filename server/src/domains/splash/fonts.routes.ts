import type { FastifyPluginAsync } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FONT_WEIGHTS, GUEST_FONTS } from '@splashboard/contract';
import { notFound } from '../../platform/errors.ts';

export const FONTS_BASE = '/static/guest/fonts';
const require = createRequire(import.meta.url);

/** Each family's folder inside its @fontsource package, resolved once at start-up. */
const FAMILY_DIRS = new Map<string, string>(
  GUEST_FONTS.map((f) => [f.slug, path.dirname(require.resolve(`@fontsource/${f.slug}/package.json`))]),
);

export const fontsConfig = () => ({
  fonts: GUEST_FONTS.map((f) => ({
    family: f.family,
    slug: f.slug,
    fallback: f.fallback,
    css_family: `'${f.family}', ${f.fallback}`,
    stylesheets: FONT_WEIGHTS.map((w) => `${FONTS_BASE}/${f.slug}/${w}.css`),
  })),
});

const CSS_FILE = /^\d{3}(?:-italic)?\.css$/;
const FONT_FILE = /^[a-z0-9-]+\.(woff2?)$/;
const TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', woff2: 'font/woff2', woff: 'font/woff' };

/**
 * The guest portal's fonts, served by us from the npm packages installed with the server (a captive
 * portal cannot reach a font CDN before the guest is let in). Public; not part of the API document.
 */
export const fontsRoutes: FastifyPluginAsync = async (app) => {
  const routeOpts = { config: { public: true }, schema: { hide: true } };

  app.get(`${FONTS_BASE}/config.json`, routeOpts, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return fontsConfig();
  });

  async function send(reply: import('fastify').FastifyReply, family: string, relative: string, ext: string) {
    const dir = FAMILY_DIRS.get(family);
    if (!dir) throw notFound();
    const file = path.join(dir, relative);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notFound();
    reply.header('content-type', TYPES[ext]!);
    reply.header('content-length', String(info.size));
    reply.header('x-content-type-options', 'nosniff');
    // The package version pins the bytes; a new version is a new deploy.
    reply.header('cache-control', 'public, max-age=86400');
    return reply.send(createReadStream(file));
  }

  app.get<{ Params: { family: string; file: string } }>(`${FONTS_BASE}/:family/:file`, routeOpts, async (request, reply) => {
    const { family, file } = request.params;
    if (!CSS_FILE.test(file)) throw notFound();
    return send(reply, family, file, 'css');
  });

  app.get<{ Params: { family: string; file: string } }>(
    `${FONTS_BASE}/:family/files/:file`,
    routeOpts,
    async (request, reply) => {
      const { family, file } = request.params;
      const match = FONT_FILE.exec(file);
      if (!match) throw notFound();
      return send(reply, family, path.join('files', file), match[1]!);
    },
  );
};
