import type { AppContext } from '../../platform/context.ts';
import type { SiteAccess } from '../../platform/site-access.ts';

/** What the integrations area's parts are built from. */
export type IntegrationDeps = AppContext & { sites: SiteAccess };
