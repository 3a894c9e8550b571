import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../platform/mailer.ts';
import type { Storage } from '../platform/storage.ts';
import type { RateLimiter } from '../platform/rate-limit.ts';
import type { AccountsRepo } from '../platform/accounts.repo.ts';
import type { Controllers } from '../domains/routers/controllers.ts';
import type { PlanLimits } from '../domains/plan-limits/index.ts';
import { createAuthmonStore } from '../domains/opennds/opennds-authmon.ts';
import { createAuthmonRepo, type AuthmonRepo } from '../domains/opennds/opennds-authmon.repo.ts';
import type { SmsSender } from '../domains/sms/sms-sender.ts';
import { createGuestAccountsRepo, type GuestAccountsRepo } from '../domains/guest-accounts/guest-accounts.repo.ts';
import { createGuestSessionsRepo, type GuestSessionsRepo } from '../domains/guests/guest-sessions.repo.ts';
import { createGuestsRepo, type GuestsRepo } from '../domains/guests/guests.repo.ts';
import { createPortalChallengesRepo, type PortalChallengesRepo } from '../domains/guests/portal-challenges.repo.ts';
import { createVouchersRepo, type VouchersRepo } from '../domains/vouchers/vouchers.repo.ts';
import type { AuthmonStore } from '../adapters/controllers/opennds/authmon.ts';
import type { PassSigner } from './pass.ts';
import type { SiteSnapshots } from './site-snapshot.ts';
import type { EmailDomainChecker } from './email-domain.ts';
import type { FacebookClient } from '../adapters/facebook/facebook-client.ts';
import type { SecretBox } from '../platform/crypto.ts';
import type { PortalTestTokens } from '../domains/setup/portal-test-token.ts';
import { createSitesRepo, type SitesRepo } from '../domains/sites/sites.repo.ts';
import { createCustomDomainsRepo, type CustomDomainsRepo } from '../domains/custom-domain/custom-domains.repo.ts';
import type { Payments } from '../domains/payments/index.ts';
import type { JobQueue } from '../platform/jobs.ts';
import type { Metrics } from '../platform/observability/metrics.ts';
import { createPortalFunnel, type PortalFunnel } from './funnel/funnel.ts';
import type { CheckoutPayments } from '../domains/payments/checkout/checkout-payments.ts';
import { createPortalAds, type PortalAds } from '../domains/campaigns/splash-ads/portal-ads.ts';

/** What the portal is given to build its pages and login methods from. */
export interface PortalSetup {
  /** For the login's transaction (domains/guests/login-records.ts); the portal itself runs no SQL. */
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  snapshots: SiteSnapshots;
  controllers: Controllers;
  signer: PassSigner;
  mailer: Mailer;
  sms: SmsSender;
  rateLimiter: RateLimiter;
  emailDomains: EmailDomainChecker;
  facebook: FacebookClient;
  /** Seals the one-time RADIUS passwords of gateways that ask our RADIUS server. */
  secrets: SecretBox;
  /** The platform's: an account's plan and billing period (the vouchers' limit). */
  accounts: AccountsRepo;
  /** The plan's active guest devices, claimed in each login's transaction, and the owner's alerts. */
  planLimits: Pick<PlanLimits, 'countDevice' | 'counted' | 'countsDevices'>;
  /** Checks the tokens that open test mode (issued by the site API to an operator). */
  testTokens: PortalTestTokens;
  /** Paid Wi-Fi: each site's Stripe and the ledger (accounts, devices, transactions). */
  payments: Payments;
  /** The paid login's payments: succeeding once, failing, refunding a payment with no device place. */
  checkout: CheckoutPayments;
  /** The pre-payment grants' sweep (checkout/pre-grant-sweep.ts). */
  jobs: JobQueue;
  /** The account's uploads (the invoice branding's logo on the customer portal's invoices). */
  storage: Storage;
  /** Logins and grants counted for /metrics. */
  metrics: Pick<Metrics, 'portalLogin' | 'portalGrant'>;
}

/** The data the portal reads and writes, through the repos of the tables' own domains. */
export interface PortalData {
  guests: GuestsRepo;
  guestSessions: GuestSessionsRepo;
  challenges: PortalChallengesRepo;
  guestAccounts: GuestAccountsRepo;
  vouchers: VouchersRepo;
  /** openNDS level 3: the grants waiting for the gateway (the guest's waiting page). */
  authmonQueue: AuthmonRepo;
  /** openNDS level 3: the gateway's polls. */
  authmon: AuthmonStore;
  /** Test mode's visits, for the set-up checklist. */
  sites: Pick<SitesRepo, 'markPortalTested'>;
  /** Which account an enabled white-label domain is (the host a guest arrived on). */
  customDomains: Pick<CustomDomainsRepo, 'accountIdForHost'>;
  /** Splash-page ads: the one a guest sees, its impressions and clicks (portal/ads/). */
  ads: PortalAds;
  /** Splash A/B tests' variants and the login funnel's counts. */
  funnel: PortalFunnel;
}

/** What the portal's pages and login methods are built from. */
export type PortalDeps = PortalSetup & PortalData;

/** The portal's repos, made once when its routes are built. */
export function portalDepsOf(setup: PortalSetup): PortalDeps {
  const { db } = setup;
  return {
    ...setup,
    guests: createGuestsRepo(db),
    guestSessions: createGuestSessionsRepo(db),
    challenges: createPortalChallengesRepo(db),
    guestAccounts: createGuestAccountsRepo(db),
    vouchers: createVouchersRepo(db),
    authmonQueue: createAuthmonRepo(db),
    authmon: createAuthmonStore(db, setup.controllers),
    sites: createSitesRepo(db),
    customDomains: createCustomDomainsRepo(db),
    ads: createPortalAds(db),
    funnel: createPortalFunnel(db, setup.log),
  };
}
