import { z } from 'zod';

/** A white-label domain's states (spec: Not Added, In Process, Enabled). */
export const CUSTOM_DOMAIN_STATES = ['not_added', 'in_process', 'enabled'] as const;
export type CustomDomainState = (typeof CUSTOM_DOMAIN_STATES)[number];

/** PUT /a/api/v1/branding/domain: the domain is checked and lower-cased by the server, which says what is wrong. */
export const customDomainInputSchema = z.object({
  domain: z.string().max(300),
});
export type CustomDomainInput = z.infer<typeof customDomainInputSchema>;

/** The account's white-label domain and how far it got; `domain` null while Not Added. */
export const customDomainSchema = z.object({
  domain: z.string().nullable(),
  state: z.enum(CUSTOM_DOMAIN_STATES),
  /** What the domain's CNAME record points at: the PUBLIC_HOST setting. */
  cname_target: z.string(),
  last_checked_at: z.string().nullable(),
  /** Why the last check did not enable the domain (English), with its code and values for translation. */
  last_error: z.string().nullable(),
  last_error_code: z.string().nullable(),
  last_error_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  enabled_at: z.string().nullable(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;
