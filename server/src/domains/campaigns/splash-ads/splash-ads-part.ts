import type { FastifyInstance } from 'fastify';
import type { CampaignDeps } from '../deps.ts';

// SEAM: the helper building this part replaces this file.
export async function registerSplashAds(_app: FastifyInstance, _deps: CampaignDeps): Promise<void> {}
