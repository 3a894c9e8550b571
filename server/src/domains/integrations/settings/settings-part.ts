import type { FastifyInstance } from 'fastify';
import { SITE_API } from '../../../platform/area.ts';
import type { IntegrationDeps } from '../deps.ts';
import { integrationSettingsRoutes } from './settings.routes.ts';
import { createIntegrationSettingsService } from './settings.service.ts';

/** The integrations' settings pages: list, form, connection test, delivery log, resends and backfill. */
export async function registerIntegrationSettings(app: FastifyInstance, deps: IntegrationDeps): Promise<void> {
  await app.register(integrationSettingsRoutes(createIntegrationSettingsService(deps)), { prefix: SITE_API });
}
