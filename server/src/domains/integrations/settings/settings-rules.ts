import { BlockList, isIP } from 'node:net';
import {
  INTEGRATIONS,
  MESSAGES,
  messageText,
  type IntegrationField,
  type IntegrationKind,
  type IntegrationSettings,
} from '@splashboard/contract';
import type { SchemaErrors } from '../../../platform/errors.ts';

/** Longest value of a field that names a list, account or id (URLs and keys may be longer, up to the contract's 2000). */
const SHORT_FIELD_MAX = 200;
const LONG_FIELDS = new Set<IntegrationField>(['url', 'api_key', 'private_key', 'public_key', 'data_template', 'attributes']);

/** Loopback, link-local, private and other non-internet ranges an operator's URL may not name. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const version = isIP(host);
  if (version === 4) return PRIVATE.check(host, 'ipv4');
  // An IPv4-mapped IPv6 address (::ffff:7f00:1) is checked against the IPv4 ranges too.
  if (version === 6) return PRIVATE.check(host, 'ipv6');
  return false;
}

/**
 * Why an operator's URL may not be called, or null: https only, and no loopback, link-local or private
 * address (a literal IP or localhost) unless the server allows them (tests, labs). Host names are not
 * resolved here.
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
