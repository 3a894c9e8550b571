import {
  DEFAULT_SMS_GATEWAY,
  SMS_MESSAGES,
  smsGatewayProblems,
  type SmsGateway,
  type SmsGatewayConfig,
  type SmsGatewayUpdate,
  type SmsSecretsPresent,
} from '@splashboard/contract';
import { invalid } from '../../platform/errors.ts';
import { noSecrets, type SmsGatewaySettings, type SmsSecrets } from './sms-gateways.repo.ts';

const HINT_MIN_LENGTH = 12;
/** The last two characters of a long key; short secrets get no hint, it would give too much of them away. */
const hintOf = (secret: string | undefined) => (secret && secret.length >= HINT_MIN_LENGTH ? `••••${secret.slice(-2)}` : '');

export const secretsPresent = (secrets: SmsSecrets): SmsSecretsPresent => ({
  password: secrets.password !== '',
  api_header_value: secrets.api_header_value !== '',
  extra: new Set(Object.keys(secrets.extra)),
});

/** What GET answers: the plain settings, and for every secret only whether it is set. */
export function presentSmsGateway(settings: SmsGatewaySettings | null): Omit<SmsGateway, 'editable'> {
  const config = settings?.config ?? DEFAULT_SMS_GATEWAY;
  const secrets = settings?.secrets ?? noSecrets();
  return {
    ...config,
    extra_params: config.extra_params.map((p) => ({
      ...p,
      value: p.secret ? '' : p.value,
      value_set: p.secret ? Boolean(secrets.extra[p.key]) : p.value !== '',
      value_hint: p.secret ? hintOf(secrets.extra[p.key]) : '',
    })),
    password_set: secrets.password !== '',
    api_header_value_set: secrets.api_header_value !== '',
    api_header_value_hint: hintOf(secrets.api_header_value),
    updated_at: settings?.updatedAt?.toISOString() ?? null,
  };
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/** '' or left out keeps the saved secret, null removes it, anything else replaces it. */
const nextSecret = (saved: string, given: string | null | undefined) => (given === null ? '' : given ? given : saved);

/**
 * The settings after a partial update, or a 422 naming every field that is wrong (nothing is stored).
 * Secrets are bound to the gateway's origin: pointing the settings at another server drops them unless
 * they are given again, so whoever can edit the address cannot have saved credentials sent to a server
 * of their choosing.
 */
export function applySmsUpdate(current: SmsGatewaySettings, input: SmsGatewayUpdate): Omit<SmsGatewaySettings, 'updatedAt'> {
  const { password, api_header_value: apiHeaderValue, ...plain } = input;
  const before = current.config;
  const config: SmsGatewayConfig = { ...before };
  for (const key of Object.keys(DEFAULT_SMS_GATEWAY) as (keyof SmsGatewayConfig)[]) {
    const value = plain[key];
    if (value !== undefined) (config as Record<string, unknown>)[key] = value;
  }

  const moved = before.url !== '' && originOf(config.url) !== originOf(before.url);
  const kept = moved ? noSecrets() : current.secrets;
  const secrets: SmsSecrets = {
    password: nextSecret(kept.password, password),
    api_header_value: nextSecret(kept.api_header_value, apiHeaderValue),
    extra: {},
  };
  config.extra_params = config.extra_params.map((p) => {
    if (!p.secret) return p;
    const value = p.value || kept.extra[p.key] || '';
    if (value) secrets.extra[p.key] = value;
    return { ...p, value: '' };
  });

  const problems = smsGatewayProblems(config, secretsPresent(secrets));
  if (moved) {
    // Say why a secret that was saved is asked for again.
    const wasSaved = (field: string) => {
      if (field === 'password' || field === 'api_header_value') return current.secrets[field] !== '';
      const extra = /^extra_params\.(\d+)\.value$/.exec(field);
      return Boolean(extra && current.secrets.extra[config.extra_params[Number(extra[1])]?.key ?? '']);
    };
    for (const field of Object.keys(problems)) if (wasSaved(field)) problems[field] = [SMS_MESSAGES.secretAgain];
  }
  if (Object.keys(problems).length) throw invalid(problems);
  return { config, secrets, secretsReadable: true };
}
