import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { installAuthHooks } from './auth-hooks.ts';
import { installErrorHandler } from './error-handler.ts';
import { notFound } from './errors.ts';
import { contentTypeOfUpload } from './s3-storage.ts';
import type { SessionStore } from './sessions.ts';
import type { Storage } from './storage.ts';
import { registerWebApp } from './web-app.ts';

/** The HTTP server, whose logger the rest of the process logs through. */
export function createHttpApp(config: Config, logStream?: { write(line: string): void }): FastifyInstance {
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Guest portal addresses carry a signed pass (a few hundred characters).
    routerOptions: { maxParamLength: 4096 },
    // Fastify's 10 s default was met by a plugin that did nothing wrong: on a loaded two-core machine, other work
    // in the process (an embedded database starting beside it) held the event loop past it. A plugin that never
    // finishes is still reported, within a minute.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set on arrival, so every answer carries it, errors included; a callback hook, as it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  return app;
}

/**
 * What every route needs, before the areas register theirs: cookies and who is asking, errors in the
 * spec's shape, uploads, and the API document every route adds itself to.
 */
export async function registerHttpBasics(app: FastifyInstance, config: Config, sessions: SessionStore) {
  // Answers of 1 KB and more (guest pages, JSON, CSV) go out in Brotli or gzip as the client accepts;
  // Brotli at quality 4, as cheap as gzip's default. Files already compressed at build time are left as they are.
  // Request bodies are not inflated: what clients send stays as it was.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(cookie);
  installAuthHooks(app, sessions);
  installErrorHandler(app);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Splashboard API',
        version: '1.0.0',
        description: 'Sign in with a session cookie (and the XSRF-TOKEN header) or an API key (X-API-Key).',
      },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: false } });
}

/** After the areas: uploaded files, the dashboard's files, and a 404 in the spec's shape for the rest. */
export async function finishHttpApp(app: FastifyInstance, config: Config, webDist: string | undefined, storage: Storage) {
  if (config.s3) serveUploadsFrom(app, storage);
  else {
    mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
    await app.register(fastifyStatic, {
      root: path.join(config.dataDir, 'uploads'),
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders: (res) => {
        for (const [name, value] of Object.entries(UPLOAD_HEADERS)) res.setHeader(name, value);
      },
    });
  }
  await registerWebApp(app, config, webDist);

  app.get('/', { config: { public: true }, schema: { hide: true } }, (_req, reply) => reply.redirect('/newapp/'));
  app.setNotFoundHandler({ preHandler: undefined }, async (request) => {
    throw notFound('common.noRoute', { method: request.method, path: request.url.split('?')[0]! });
  });
}

/** An upload is served as an image only: never run as a page or a script of ours. */
const UPLOAD_HEADERS = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" };

/** Uploads kept in an object store, at the same addresses as the files on disk: read through the storage. */
function serveUploadsFrom(app: FastifyInstance, storage: Storage) {
  app.get('/uploads/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0]!;
    let file: string | null = null;
    try {
      file = decodeURIComponent(url);
    } catch {
      // A malformed escape names no file.
    }
    const body = file === null ? null : await storage.read(file);
    if (!body) throw notFound('common.noRoute', { method: request.method, path: url });
    return reply
      .headers({ ...UPLOAD_HEADERS, 'content-type': contentTypeOfUpload(url), 'cache-control': 'public, max-age=0' })
      .send(body);
  });
}
