import { describe, expect, it } from 'vitest';
import { isConfigured, settingsErrors, urlProblem } from './settings-rules.ts';

const PRIVATE = 'Enter an address on the internet: local and private network addresses are refused';
const HTTPS = 'Enter an address starting with https://';

describe('an operator’s URL', () => {
  it('is refused when it names a loopback, link-local or private address, however it is written', () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://127.1/x',
      'https://0x7f.1/x',
      'https://2130706433/x',
      'https://localhost./x',
      'https://api.localhost/x',
      'https://0.0.0.0/x',
      'https://192.168.1.20/x',
      'https://172.20.0.1/x',
      'https://100.64.0.1/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[0:0:0:0:0:0:0:1]/x',
      'https://[fe80::1]/x',
    ])
      expect(urlProblem(url, false), url).toBe(PRIVATE);
  });

  it('is accepted on the internet over https, and refused over anything else', () => {
    expect(urlProblem('https://hooks.example.com/in?x=1', false)).toBeNull();
    expect(urlProblem('https://93.184.216.34/in', false)).toBeNull();
    expect(urlProblem('https://172.32.0.1/in', false)).toBeNull();
    expect(urlProblem('http://hooks.example.com/in', false)).toBe(HTTPS);
    expect(urlProblem('hooks.example.com/in', false)).toBe(HTTPS);
    expect(urlProblem('javascript:alert(1)', true)).toBe(HTTPS);
  });

  it('may name a private address over http when the server allows it', () => {
    expect(urlProblem('http://127.0.0.1:9100/hook', true)).toBeNull();
    expect(urlProblem('https://10.0.0.5/hook', true)).toBeNull();
  });
});

describe('an integration’s settings', () => {
  const opts = { oauthConnected: false, allowPrivateUrls: false };

  it('need every required field, but a key an OAuth connection stands for', () => {
    expect(settingsErrors('hubspot', {}, opts)).toEqual({ api_key: ['This field is required'] });
    expect(settingsErrors('hubspot', {}, { ...opts, oauthConnected: true })).toEqual({});
    expect(isConfigured('hubspot', {}, true)).toBe(true);
    expect(isConfigured('mailchimp', {}, true)).toBe(false);
    expect(isConfigured('mailchimp', { list_id: 'a1b2' }, true)).toBe(true);
  });

  it('take a region only from the vendor’s, and bound list ids', () => {
    const base = { account_id: 'site', api_key: 'key' };
    expect(settingsErrors('customerio', { ...base, region_id: 'eu' }, opts)).toEqual({});
    expect(settingsErrors('customerio', { ...base, region_id: 'EU' }, opts)).toEqual({
      region_id: ['Choose one of the regions listed'],
    });
    expect(settingsErrors('klaviyo', { private_key: 'pk', list_id: 'x'.repeat(201) }, opts)).toEqual({
      list_id: ['At most 200'],
    });
  });
});
