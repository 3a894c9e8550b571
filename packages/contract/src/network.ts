import { z } from 'zod';
import { WHITELIST_MESSAGES } from './messages/whitelist.ts';

/** Twelve lowercase hex digits from any vendor's MAC format (aa:bb…, AA-BB…, aabb.ccdd.eeff, aabbcc…). */
export function normalizeMac(value: string): string | null {
  const hex = value
    .trim()
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '');
  const separatorsOk = /^[0-9a-f]{2}([-:]?[0-9a-f]{2}){5}$|^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/.test(
    value.trim().toLowerCase(),
  );
  return hex.length === 12 && separatorsOk ? hex : null;
}

export const formatMac = (hex: string) => hex.match(/../g)!.join(':').toUpperCase();

const macField = z
  .string({ error: WHITELIST_MESSAGES.required })
  .trim()
  .min(1, WHITELIST_MESSAGES.required)
  .max(32)
  .refine((v) => v === '' || normalizeMac(v) !== null, WHITELIST_MESSAGES.badMac);
const ipField = z
  .string({ error: WHITELIST_MESSAGES.required })
  .trim()
  .min(1, WHITELIST_MESSAGES.required)
  .max(45)
  .pipe(z.union([z.ipv4(), z.ipv6()], { error: WHITELIST_MESSAGES.badIp }));

export const macEntryInputSchema = z.object({
  mac: macField,
  external_ip: ipField,
  description: z.string().trim().max(200).default(''),
});

/** Whether the site's controller has let a whitelisted device in (UniFi); `none` where the gateway asks RADIUS. */
export const MAC_NETWORK_STATUSES = ['none', 'pending', 'authorized', 'failed'] as const;
export type MacNetworkStatus = (typeof MAC_NETWORK_STATUSES)[number];

export const macEntrySchema = z.object({
  id: z.number().int(),
  mac: z.string(),
  external_ip: z.string(),
  description: z.string(),
  created_at: z.string(),
  network_status: z.enum(MAC_NETWORK_STATUSES),
  network_detail: z.string(),
});
export type MacEntry = z.infer<typeof macEntrySchema>;
export type MacEntryInput = z.input<typeof macEntryInputSchema>;

/**
 * How the site's gateway lets a whitelisted device on: `controller`, told by API (UniFi; each entry's
 * network_status follows it); `radius`, the gateway asks our RADIUS server, which knows the list; `gateway`,
 * the gateway's own list of trusted MACs (openNDS's trustedmac), which nothing here can write.
 */
export const MAC_ADMISSIONS = ['controller', 'radius', 'gateway'] as const;
export type MacAdmission = (typeof MAC_ADMISSIONS)[number];

export const macEntryListSchema = z.object({
  items: z.array(macEntrySchema),
  metadata: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
  admission: z.enum(MAC_ADMISSIONS),
  /** False for a Read Only client: the dashboard hides the changes the server would refuse. */
  can_write: z.boolean(),
});
export type MacEntryList = z.infer<typeof macEntryListSchema>;

export const macEntryDetailsSchema = macEntrySchema.extend({ can_write: z.boolean() });
export type MacEntryDetails = z.infer<typeof macEntryDetailsSchema>;

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
  search: z.string().trim().max(100).default(''),
});

export const listMetadataSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number() });

export const nasClientInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  ip_address: z.union([z.ipv4(), z.ipv6()], { error: 'Enter the gateway’s IPv4 or IPv6 address' }),
  require_message_authenticator: z.boolean().default(true),
});

export const nasClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ip_address: z.string(),
  require_message_authenticator: z.boolean(),
  /** Whole only in the answer that creates it; masked afterwards. */
  secret: z.string(),
  created_at: z.string(),
});
