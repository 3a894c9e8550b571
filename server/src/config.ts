import { z } from 'zod';
import path from 'node:path';
import { isIP } from 'node:net';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(1).max(3600).default(10),
  DATA_DIR: z.string().default('./data'),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'SECRET_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Splashboard <no-reply@splashboard.local>'),
  ROLES: z.string().default('api,portal,worker,radius'),
  RADIUS_HOST: z.string().default('0.0.0.0'),
  RADIUS_AUTH_PORT: z.coerce.number().int().min(0).max(65535).default(1812),
  RADIUS_ACCT_PORT: z.coerce.number().int().min(0).max(65535).default(1813),
  RADIUS_DISCONNECT_PORT: z.coerce.number().int().min(1).max(65535).default(3799),
  RADIUS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  PORTAL_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(5000),
  SESSION_SWEEP_MINUTES: z.coerce.number().int().min(0).max(60).default(5),
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: bool,
  TRUST_PROXY: bool,
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  METRICS_TOKEN: z.string().default(''),
  DEMO_EMAIL: z.string().default('demo@splashboard.local'),
  DEMO_PASSWORD: z.string().min(7).default('splashboard-demo'),
  STRIPE_PUBLISHABLE_KEY: z.string().default(''),
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_API_BASE: z.string().url().optional(),
  STRIPE_JS_URL: z.string().url().default('https://js.stripe.com/v3/'),
  CRISP_SITE_ID: z.string().default(''),
  CRISP_SECRET: z.string().default(''),
  SENTRY_DSN: z.string().default(''),
  ANALYTICS_KEY: z.string().default(''),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REGISTRATIONS_PER_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().max(63).default(''),
  S3_ACCESS_KEY_ID: z.string().max(128).default(''),
  S3_SECRET_ACCESS_KEY: z.string().max(256).default(''),
  S3_REGION: z.string().max(64).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool,
  WIFI4EU_SNIPPET_URL: z.string().url().default('https://collection.wifi4eu.ec.europa.eu/wifi4eu.min.js'),
  FACEBOOK_APP_ID: z.string().max(64).default(''),
  FACEBOOK_APP_SECRET: z.string().max(128).default(''),
  FACEBOOK_DIALOG_URL: z.string().url().default('https://www.facebook.com/v25.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v25.0'),
  GOOGLE_CLIENT_ID: z.string().max(200).default(''),
  GOOGLE_CLIENT_SECRET: z.string().max(200).default(''),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  HUBSPOT_CLIENT_ID: z.string().max(200).default(''),
  HUBSPOT_CLIENT_SECRET: z.string().max(200).default(''),
  MAILCHIMP_CLIENT_ID: z.string().max(200).default(''),
  MAILCHIMP_CLIENT_SECRET: z.string().max(200).default(''),
  INTEGRATION_API_BASES: z
    .string()
    .default('{}')
    .transform((v, ctx) => {
      try {
        const parsed = z.record(z.string(), z.string().url()).parse(JSON.parse(v || '{}'));
        return parsed;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'INTEGRATION_API_BASES must be a JSON object of integration kind to URL' });
        return z.NEVER;
      }
    }),
  INTEGRATIONS_ALLOW_PRIVATE_URLS: bool,
  INTEGRATIONS_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  PUBLIC_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'PUBLIC_HOST must be a host name such as wifi.example.com (no scheme, port or path)')
    .optional(),
  CUSTOM_DOMAIN_CA_FILE: z.string().default(''),
  CUSTOM_DOMAIN_ASK_FROM: z
    .string()
    .default('')
    .refine((v) => dnsServerList(v).every((a) => isIP(a) !== 0), 'CUSTOM_DOMAIN_ASK_FROM must be comma-separated IP addresses'),
  DNS_SERVERS: z
    .string()
    .default('')
    .refine((v) => dnsServerList(v).every(isDnsServer), 'DNS_SERVERS must be comma-separated ip or ip:port ([ipv6]:port)'),
});

/** Every setting's environment variable (the README's Settings table lists each one). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

function dnsServerList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const withPort = /^([^:]+):(\d{1,5})$/.exec(entry);
  const [host, port] = bracketed ? [bracketed[1], bracketed[2]] : withPort ? [withPort[1], withPort[2]] : [entry, undefined];
  return isIP(host ?? '') !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  const s3Parts = {
    S3_ENDPOINT: c.S3_ENDPOINT ?? '',
    S3_BUCKET: c.S3_BUCKET,
    S3_ACCESS_KEY_ID: c.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: c.S3_SECRET_ACCESS_KEY,
  };
  const s3Missing = Object.entries(s3Parts)
    .filter(([, v]) => v === '')
    .map(([k]) => k);
  if (s3Missing.length > 0 && s3Missing.length < 4)
    throw new Error(`Invalid configuration:\n  S3 storage needs ${s3Missing.join(', ')} as well (or none of the S3_ settings)`);
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    databaseUrl: c.DATABASE_URL || undefined,
    /** A streaming replica of DATABASE_URL for the dashboard's reads that may be slightly stale; PostgreSQL only. */
    databaseReadUrl: c.DATABASE_READ_URL || undefined,
    /** Behind more than this, or down, the replica's reads go to the primary. */
    databaseReadMaxLagSeconds: c.DATABASE_READ_MAX_LAG_SECONDS,
    dataDir,
    secretKeyHex: c.SECRET_KEY,
    smtpUrl: c.SMTP_URL || undefined,
    mailFrom: c.MAIL_FROM,
    roles: new Set(c.ROLES.split(',').map((r) => r.trim())),
    radius: {
      host: c.RADIUS_HOST,
      authPort: c.RADIUS_AUTH_PORT,
      acctPort: c.RADIUS_ACCT_PORT,
      disconnectPort: c.RADIUS_DISCONNECT_PORT,
      cacheTtlMs: c.RADIUS_CACHE_TTL_MS,
    },
    /** How long the guest portal uses a site's settings and controller adapter before reading them again. */
    portalCacheTtlMs: c.PORTAL_CACHE_TTL_MS,
    /** How often the worker ends sessions the gateways no longer hold, in minutes; 0: never. */
    sessionSweepMinutes: c.SESSION_SWEEP_MINUTES,
    /** How long a background job may run before it counts as lost (its worker killed) and is retried. */
    jobTimeoutSeconds: c.JOB_TIMEOUT_SECONDS,
    logLevel: c.LOG_LEVEL,
    cookieSecure: c.COOKIE_SECURE,
    trustProxy: c.TRUST_PROXY,
    sessionDays: c.SESSION_DAYS,
    /** The bearer token /metrics asks for; without one it answers only loopback clients. */
    metricsToken: c.METRICS_TOKEN,
    demo: { email: c.DEMO_EMAIL.toLowerCase(), password: c.DEMO_PASSWORD },
    stripePublishableKey: c.STRIPE_PUBLISHABLE_KEY,
    stripe: {
      /** Subscription billing is on: without a secret key every account has the provider plan without limits. */
      enabled: c.STRIPE_SECRET_KEY !== '',
      secretKey: c.STRIPE_SECRET_KEY,
      publishableKey: c.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: c.STRIPE_WEBHOOK_SECRET,
      /** Signs the events of connected accounts (the Connect endpoint, /webhooks/stripe/connect); the billing one's when unset. */
      connectWebhookSecret: c.STRIPE_CONNECT_WEBHOOK_SECRET || c.STRIPE_WEBHOOK_SECRET,
      /** A Stripe-compatible server instead of api.stripe.com (the SDK's host, port and protocol). */
      apiBase: c.STRIPE_API_BASE,
      jsUrl: c.STRIPE_JS_URL,
    },
    crisp: { siteId: c.CRISP_SITE_ID, secret: c.CRISP_SECRET },
    sentryDsn: c.SENTRY_DSN,
    analyticsKey: c.ANALYTICS_KEY,
    uploadMaxBytes: c.UPLOAD_MAX_BYTES,
    /** Uploads go to this S3-compatible bucket instead of DATA_DIR/uploads (null: the local folder). */
    s3:
      s3Missing.length === 0
        ? {
            endpoint: c.S3_ENDPOINT!,
            bucket: c.S3_BUCKET,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
            region: c.S3_REGION,
            forcePathStyle: c.S3_FORCE_PATH_STYLE,
          }
        : null,
    wifi4euSnippetUrl: c.WIFI4EU_SNIPPET_URL,
    rateLimits: {
      loginPerIp: c.RATE_LIMIT_LOGIN_PER_IP,
      loginPerAccount: c.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      registrationsPerIp: c.RATE_LIMIT_REGISTRATIONS_PER_IP,
      windowSeconds: c.RATE_LIMIT_WINDOW_SECONDS,
    },
    facebook: {
      appId: c.FACEBOOK_APP_ID,
      appSecret: c.FACEBOOK_APP_SECRET,
      dialogUrl: c.FACEBOOK_DIALOG_URL,
      graphUrl: c.FACEBOOK_GRAPH_URL,
      /** Facebook login can be offered: both the app's id and secret are set. */
      configured: c.FACEBOOK_APP_ID !== '' && c.FACEBOOK_APP_SECRET !== '',
    },
    google: {
      clientId: c.GOOGLE_CLIENT_ID,
      clientSecret: c.GOOGLE_CLIENT_SECRET,
      /** Its discovery document is `${issuer}/.well-known/openid-configuration`; a local provider in tests. */
      issuer: c.GOOGLE_ISSUER.replace(/\/$/, ''),
      /** Operators can sign in with Google: both the client id and secret are set. */
      enabled: c.GOOGLE_CLIENT_ID !== '' && c.GOOGLE_CLIENT_SECRET !== '',
    },
    integrations: {
      oauth: {
        hubspot: { clientId: c.HUBSPOT_CLIENT_ID, clientSecret: c.HUBSPOT_CLIENT_SECRET },
        mailchimp: { clientId: c.MAILCHIMP_CLIENT_ID, clientSecret: c.MAILCHIMP_CLIENT_SECRET },
      },
      /** Per kind, an origin that replaces the vendor's API (and OAuth) origin: a local server that speaks its API. */
      apiBases: c.INTEGRATION_API_BASES as Partial<Record<string, string>>,
      /** How often a worker looks for guests and deliveries to send. */
      pollMs: c.INTEGRATIONS_POLL_MS,
      /** Operator-entered URLs (webhook, Teams, signed POSTs) may name loopback and private addresses (tests, labs). */
      allowPrivateUrls: c.INTEGRATIONS_ALLOW_PRIVATE_URLS,
    },
    /** The host white-label domains point their CNAME record at: PUBLIC_HOST, else PUBLIC_URL's host. */
    publicHost: (c.PUBLIC_HOST || new URL(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).hostname).replace(/\.$/, ''),
    customDomain: {
      /** A PEM file of certificate authorities trusted, besides the system's, when checking a domain's certificate. */
      caFile: c.CUSTOM_DOMAIN_CA_FILE || undefined,
      /** Addresses besides loopback that may ask whether a certificate may be issued (Caddy's on-demand `ask`). */
      askFrom: dnsServerList(c.CUSTOM_DOMAIN_ASK_FROM),
    },
    /** Absent: the system's resolvers. */
    dnsServers: dnsServerList(c.DNS_SERVERS).length ? dnsServerList(c.DNS_SERVERS) : undefined,
  };
}
