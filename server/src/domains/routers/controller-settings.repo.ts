import { and, eq } from 'drizzle-orm';
import type { RouterStatus } from '@splashboard/contract';
import { controllerSettings } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../platform/crypto.ts';

/**
 * What the status column holds for a gateway nobody can ask (openNDS): none of the specification's
 * words fits, and the column cannot be empty. The API answers it as a null status.
 */
export const UNCHECKABLE_STATUS = 'Unknown';

export interface StoredSettings {
  family: string;
  config: Record<string, unknown>;
  /** Opened from secrets_enc; never leaves the server whole. */
  secrets: Record<string, string>;
  lookupKey: string | null;
  knownAps: string[];
  status: RouterStatus | typeof UNCHECKABLE_STATUS;
  statusDetail: string;
  statusCheckedAt: Date | null;
  updatedAt: Date;
}

export interface SettingsRecord {
  family: string;
  config: Record<string, unknown>;
  secrets: Record<string, string>;
  lookupKey: string | null;
  knownAps: string[];
  status: StoredSettings['status'];
  statusDetail: string;
}

export interface StatusRecord {
  status: StoredSettings['status'];
  statusDetail: string;
  /** Replaces the known access points when given. */
  knownAps?: string[];
}

/**
 * controller_settings: each site's Wi-Fi controller or gateway settings, plain ones in config and the
 * secret ones sealed together as JSON in secrets_enc (opened only here). The only module that queries it.
 */
export function createControllerSettingsRepo(db: Database, secrets: SecretBox) {
  return {
    async read(siteId: number): Promise<StoredSettings | null> {
      const [row] = await db.select().from(controllerSettings).where(eq(controllerSettings.siteId, siteId));
      if (!row) return null;
      return {
        family: row.family,
        config: row.config,
        secrets: row.secretsEnc ? (JSON.parse(secrets.open(row.secretsEnc)) as Record<string, string>) : {},
        lookupKey: row.lookupKey,
        knownAps: row.knownAps,
        status: row.status as StoredSettings['status'],
        statusDetail: row.statusDetail,
        statusCheckedAt: row.statusCheckedAt,
        updatedAt: row.updatedAt,
      };
    },

    /** The family and last known status of the site's settings, without opening their secrets. */
    async statusOf(siteId: number): Promise<Pick<StoredSettings, 'family' | 'status'> | null> {
      const [row] = await db
        .select({ family: controllerSettings.family, status: controllerSettings.status })
        .from(controllerSettings)
        .where(eq(controllerSettings.siteId, siteId));
      return row ? { family: row.family, status: row.status as StoredSettings['status'] } : null;
    },

    /** When the site's settings last changed (0 when it has none): one primary-key read, for caches. */
    async version(siteId: number): Promise<number> {
      const [row] = await db
        .select({ updatedAt: controllerSettings.updatedAt })
        .from(controllerSettings)
        .where(eq(controllerSettings.siteId, siteId));
      return row?.updatedAt.getTime() ?? 0;
    },

    /** The sites whose settings of a family carry a gateway's own key (UniFi's site name), with their known access points. */
    async withLookupKey(family: string, key: string) {
      return db
        .select({ siteId: controllerSettings.siteId, knownAps: controllerSettings.knownAps })
        .from(controllerSettings)
        .where(and(eq(controllerSettings.family, family), eq(controllerSettings.lookupKey, key)));
    },

    /** Replaces the site's settings whatever family they had; the status is not checked yet. */
    async write(siteId: number, accountId: number, record: SettingsRecord): Promise<void> {
      const values = {
        family: record.family,
        config: record.config,
        secretsEnc: Object.keys(record.secrets).length ? secrets.seal(JSON.stringify(record.secrets)) : null,
        lookupKey: record.lookupKey,
        knownAps: record.knownAps,
        status: record.status,
        statusDetail: record.statusDetail,
        statusCheckedAt: null,
        // Set here rather than by the database: the portal's adapter cache compares it to the millisecond.
        updatedAt: new Date(),
      };
      await db
        .insert(controllerSettings)
        .values({ siteId, accountId, ...values })
        .onConflictDoUpdate({ target: controllerSettings.siteId, set: values });
    },

    /**
     * Stores the result of a status check, unless the settings changed while the controller was being
     * asked (the answer would then be about settings that are gone). Answers whether it was stored.
     */
    async writeStatus(siteId: number, checkedVersion: Date, result: StatusRecord): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ updatedAt: controllerSettings.updatedAt })
          .from(controllerSettings)
          .where(eq(controllerSettings.siteId, siteId))
          .for('update');
        if (!row || row.updatedAt.getTime() !== checkedVersion.getTime()) return false;
        await tx
          .update(controllerSettings)
          .set({
            status: result.status,
            statusDetail: result.statusDetail,
            statusCheckedAt: new Date(),
            ...(result.knownAps ? { knownAps: result.knownAps } : {}),
          })
          .where(eq(controllerSettings.siteId, siteId));
        return true;
      });
    },
  };
}
export type ControllerSettingsRepo = ReturnType<typeof createControllerSettingsRepo>;
