import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../platform/mailer.ts';
import type { RateLimiter } from '../platform/rate-limit.ts';
import type { Controllers } from '../domains/routers/controllers.ts';
import type { SmsSender } from '../domains/sms/sms-sender.ts';
import type { PassSigner } from './pass.ts';
import type { SiteSnapshots } from './site-snapshot.ts';
import type { EmailDomainChecker } from './email-domain.ts';
import type { FacebookClient } from '../adapters/facebook/facebook-client.ts';
import type { SecretBox } from '../platform/crypto.ts';

/** What the portal's pages and login methods are built from. */
export interface PortalDeps {
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
}
