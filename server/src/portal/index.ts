import type { Area } from '../platform/area.ts';
import type { AppContext } from '../platform/context.ts';
import { createFacebookClient } from '../adapters/facebook/facebook-client.ts';
import type { Controllers } from '../domains/routers/controllers.ts';
import type { PlanLimits } from '../domains/plan-limits/index.ts';
import { smsSenderOf } from '../domains/sms/index.ts';
import { createEmailDomainChecker } from './email-domain.ts';
import { PORTAL_TEST_KEY_PURPOSE, createPortalTestTokens } from '../domains/setup/portal-test-token.ts';
import { createPassSigner } from './pass.ts';
import { portalRoutes } from './portal.routes.ts';
import { createSiteSnapshots } from './site-snapshot.ts';
import type { Payments } from '../domains/payments/index.ts';
import { createCheckoutPayments } from '../domains/payments/checkout/checkout-payments.ts';

type Deps = Pick<
  AppContext,
  | 'db'
  | 'accounts'
  | 'config'
  | 'log'
  | 'mailer'
  | 'rateLimiter'
  | 'secrets'
  | 'siteChanges'
  | 'deriveKey'
  | 'jobs'
  | 'storage'
  | 'metrics'
> & {
  controllers: Controllers;
  planLimits: PlanLimits;
  payments: Payments;
};

/** The guest portal: the pages guests see behind a captive portal, under /guest/. */
export const portalArea: Area<Deps> = {
  name: 'portal',
  register: async (app, deps) => {
    const checkout = createCheckoutPayments({
      db: deps.db,
      ledger: deps.payments.ledger,
      siteStripe: deps.payments.siteStripe,
      log: deps.log,
    });
    // Stripe's events of the sites' accounts settle payments whose guest has not come back (yet).
    checkout.listen(deps.payments.webhook);
    await app.register(
      portalRoutes({
        ...deps,
        snapshots: createSiteSnapshots(
          deps.db,
          deps.siteChanges,
          deps.config.portalCacheTtlMs,
          deps.config.facebook.configured ? [] : ['facebook'],
          deps.config.stripe.enabled,
        ),
        signer: createPassSigner(deps.deriveKey('guest portal pass')),
        sms: smsSenderOf(deps),
        emailDomains: createEmailDomainChecker({ servers: deps.config.dnsServers }),
        facebook: createFacebookClient(deps.config),
        testTokens: createPortalTestTokens(deps.deriveKey(PORTAL_TEST_KEY_PURPOSE)),
        checkout,
      }),
    );
  },
};
