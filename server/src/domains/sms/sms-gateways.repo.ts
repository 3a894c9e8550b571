import { eq } from 'drizzle-orm';
import { DEFAULT_SMS_GATEWAY, smsGatewayConfigSchema, type SmsGatewayConfig } from '@splashboard/contract';
import { smsGateways } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { SmsSecrets } from '../../adapters/sms/http-sms-gateway.ts';

export type { SmsSecrets };

export interface SmsGatewaySettings {
  config: SmsGatewayConfig;
  secrets: SmsSecrets;
  /** False when secrets_enc no longer opens (the SECRET_KEY changed): they count as not set. */
  secretsReadable: boolean;
  updatedAt: Date | null;
}

export type SmsGatewayRow = typeof smsGateways.$inferSelect;

export const noSecrets = (): SmsSecrets => ({ password: '', api_header_value: '', extra: {} });

/** Read field by field, so a value an older version stored that no longer passes falls back to its default. */
export function configOf(stored: Record<string, unknown>): SmsGatewayConfig {
  const shape = smsGatewayConfigSchema.shape;
  const config: Record<string, unknown> = { ...DEFAULT_SMS_GATEWAY };
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const parsed = shape[key].safeParse(stored[key]);
    if (parsed.success) config[key] = parsed.data;
  }
  return config as SmsGatewayConfig;
}

function sealSecrets(box: SecretBox, secrets: SmsSecrets): string | null {
  const empty = !secrets.password && !secrets.api_header_value && !Object.keys(secrets.extra).length;
  return empty ? null : box.seal(JSON.stringify(secrets));
}

function openSecrets(box: SecretBox, sealed: string): SmsSecrets {
  const raw = JSON.parse(box.open(sealed)) as Partial<Record<keyof SmsSecrets, unknown>>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const extra = raw.extra && typeof raw.extra === 'object' ? (raw.extra as Record<string, unknown>) : {};
  return {
    password: text(raw.password),
    api_header_value: text(raw.api_header_value),
    extra: Object.fromEntries(
      Object.entries(extra).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
    ),
  };
}

function settingsOf(box: SecretBox, row: SmsGatewayRow): SmsGatewaySettings {
  let secrets = noSecrets();
  let secretsReadable = true;
  if (row.secretsEnc) {
    try {
      secrets = openSecrets(box, row.secretsEnc);
    } catch {
      secretsReadable = false;
    }
  }
  return { config: configOf(row.config), secrets, secretsReadable, updatedAt: row.updatedAt };
}

/**
 * sms_gateways: each site's SMS gateway settings, the secret ones sealed together in secrets_enc (opened
 * only here). The only module that queries the table.
 */
export function createSmsGatewaysRepo(db: Database, box: SecretBox) {
  return {
    /** The site's gateway settings, or null when they were never saved. */
    async read(siteId: number): Promise<SmsGatewaySettings | null> {
      const [row] = await db.select().from(smsGateways).where(eq(smsGateways.siteId, siteId));
      return row ? settingsOf(box, row) : null;
    },

    /** Read, change and write the site's settings under a row lock, so two partial updates at once do not undo each other. */
    async change(
      siteId: number,
      accountId: number,
      next: (current: SmsGatewaySettings) => Pick<SmsGatewaySettings, 'config' | 'secrets'>,
    ): Promise<SmsGatewaySettings> {
      return db.transaction(async (tx) => {
        await tx.insert(smsGateways).values({ siteId, accountId }).onConflictDoNothing();
        const [current] = await tx.select().from(smsGateways).where(eq(smsGateways.siteId, siteId)).for('update');
        const changed = next(settingsOf(box, current!));
        const [row] = await tx
          .update(smsGateways)
          .set({ config: changed.config, secretsEnc: sealSecrets(box, changed.secrets), updatedAt: new Date() })
          .where(eq(smsGateways.siteId, siteId))
          .returning();
        return settingsOf(box, row!);
      });
    },
  };
}
export type SmsGatewaysRepo = ReturnType<typeof createSmsGatewaysRepo>;
