import {
  INTEGRATIONS,
  MESSAGES,
  messageText,
  type IntegrationField,
  type IntegrationKind,
  type IntegrationSettings,
} from '@splashboard/contract';
import type { SchemaErrors } from '../../../platform/errors.ts';
import { isPrivateHost } from '../../../adapters/integrations/private-address.ts';

/** Longest value of a field that names a list, account or id (URLs and keys may be longer, up to the contract's 2000). */
const SHORT_FIELD_MAX = 200;
const LONG_FIELDS = new Set<IntegrationField>(['url', 'api_key', 'private_key', 'public_key', 'data_template', 'attributes']);

/**
 * Why an operator's URL may not be called, or null: https only, and no loopback, link-local or private
 * address (a literal IP or localhost) unless the server allows them (tests, labs). Host names are
 * resolved when a request is made (adapters/integrations/vendor-http.ts).
 */
export function urlProblem(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return messageText('integrations.httpsOnly');
  }
  const schemeOk = url.protocol === 'https:' || (allowPrivate && url.protocol === 'http:');
  if (!schemeOk || !url.hostname) return messageText('integrations.httpsOnly');
  if (!allowPrivate && isPrivateHost(url.hostname)) return messageText('integrations.privateAddress');
  return null;
}

/** Whether every required field of the kind has a value (an OAuth connection stands for the key). */
export function isConfigured(kind: IntegrationKind, settings: IntegrationSettings, oauthConnected: boolean): boolean {
  return INTEGRATIONS[kind].fields.every(
    (f) => !f.required || (f.required === 'unlessOAuth' && oauthConnected) || Boolean(settings[f.name]),
  );
}

/** The schema errors of a kind's settings once merged: required fields, regions, URLs, lengths. */
export function settingsErrors(
  kind: IntegrationKind,
  settings: IntegrationSettings,
  opts: { oauthConnected: boolean; allowPrivateUrls: boolean },
): SchemaErrors {
  const errors: SchemaErrors = {};
  for (const field of INTEGRATIONS[kind].fields) {
    const value = settings[field.name] ?? '';
    const problem = !value
      ? field.required === true || (field.required === 'unlessOAuth' && !opts.oauthConnected)
        ? MESSAGES.required
        : null
      : field.options && !field.options.includes(value)
        ? messageText('integrations.unknownRegion')
        : field.name === 'url'
          ? urlProblem(value, opts.allowPrivateUrls)
          : !LONG_FIELDS.has(field.name) && value.length > SHORT_FIELD_MAX
            ? messageText('common.atMost', { n: SHORT_FIELD_MAX })
            : null;
    if (problem) errors[field.name] = [problem];
  }
  return errors;
}
