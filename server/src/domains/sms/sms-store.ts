import { eq } from 'drizzle-orm';
import { DEFAULT_SMS_GATEWAY, smsGatewayConfigSchema, type SmsGatewayConfig } from '@splashboard/contract';
import { smsGateways } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';

/** The gateway's secrets, sealed together in secrets_enc; '' when not set. */
export interface SmsSecrets {
  password: string;
  api_header_value: string;
  /** Values of the secret extra parameters, by key. */
  extra: Record<string, string>;
}

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

export function sealSecrets(box: SecretBox, secrets: SmsSecrets): string | null {
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

export function settingsOf(box: SecretBox, row: SmsGatewayRow): SmsGatewaySettings {
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

/** The site's gateway settings, or null when they were never saved. */
export async function readSmsGateway(db: Database, box: SecretBox, siteId: number): Promise<SmsGatewaySettings | null> {
  const [row] = await db.select().from(smsGateways).where(eq(smsGateways.siteId, siteId));
  return row ? settingsOf(box, row) : null;
}
