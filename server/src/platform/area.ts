import type { FastifyInstance } from 'fastify';

/**
 * One area of the product (a folder under domains/, or the portal): it registers its routes, job handlers
 * and hooks on the app from the dependencies it names. app.ts lists the areas; adding one is its folder
 * and a line there.
 */
export interface Area<Deps> {
  name: string;
  register: (app: FastifyInstance, deps: Deps) => Promise<void>;
}

/** The prefixes of the spec's two API scopes: the account's and one site's. */
export const ACCOUNT_API = '/a/api/v1';
export const SITE_API = '/s/:siteId/api/v1';
