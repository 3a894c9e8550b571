import type { SmsGatewayConfig } from '@splashboard/contract';

/** The gateway's secrets; '' when not set. */
export interface SmsSecrets {
  password: string;
  api_header_value: string;
  /** Values of the secret extra parameters, by key. */
  extra: Record<string, string>;
}

export interface GatewayRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The gateway's request for one message to an E.164 number, as its settings describe it. */
export function buildGatewayRequest(config: SmsGatewayConfig, secrets: SmsSecrets, to: string, text: string): GatewayRequest {
  const number = config.number_format === 'e164_no_plus' ? to.replace(/^\+/, '') : to;
  const params: [string, string][] = [
    [config.number_param, number],
    [config.message_param, text],
    ...config.extra_params.map((p): [string, string] => [p.key, p.secret ? (secrets.extra[p.key] ?? '') : p.value]),
  ];
  const headers: Record<string, string> = {};
  if (config.auth_type === 'httpbasic')
    headers.authorization = `Basic ${Buffer.from(`${config.username}:${secrets.password}`, 'utf8').toString('base64')}`;
  if (config.auth_type === 'apiheader') headers[config.api_header_name] = secrets.api_header_value;

  switch (config.request_type) {
    case 'get': {
      const url = new URL(config.url);
      for (const [key, value] of params) url.searchParams.set(key, value);
      return { method: 'GET', url: url.toString(), headers };
    }
    case 'post':
      return {
        method: 'POST',
        url: config.url,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      };
    case 'jsonpost':
      return {
        method: 'POST',
        url: config.url,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(params)),
      };
  }
}

/** Every value of the request that must not reach a log or an error message. */
export function secretValuesOf(config: SmsGatewayConfig, secrets: SmsSecrets): string[] {
  const values = [secrets.password, secrets.api_header_value, ...Object.values(secrets.extra)];
  if (config.auth_type === 'httpbasic')
    values.push(Buffer.from(`${config.username}:${secrets.password}`, 'utf8').toString('base64'));
  return values.filter((v) => v.length >= 4);
}
