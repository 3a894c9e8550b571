import { describe, expect, it } from 'vitest';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  OpenNdsGateway,
  ackedRhids,
  AUTHMON_LIST_CHARS,
  authmonAnswer,
  authmonEntry,
  authmonFit,
  gatewayHashOf,
  decryptFas,
  grantToken,
  grantUrl,
  parseAuthmonPost,
  parseOpenNdsArrival,
  type OpenNdsArrival,
} from './opennds.ts';

const faskey = '1234567890';
const hid = createHash('sha256').update('client-token').digest('hex');
// The list openNDS 9.10 sends, as observed on the lab gateway (shared/reference/opennds-lab/README.md).
const list = [
  `hid=${hid}`,
  'clientip=10.99.1.2',
  'clientmac=02:00:00:00:01:02',
  'client_type=cpd_can',
  'gatewayname=ndslab%20caf%c3%a9',
  'gatewayurl=http%3a%2f%2f10.99.1.1%3a2050%2f',
  'version=9.10.0',
  'gatewayaddress=10.99.1.1:2050',
  'gatewaymac=02:00:00:00:aa:01',
  'originurl=http%3a%2f%2f10.99.3.3%2fpage%3fa%3d1%26b%3d2',
  'clientif=gw-lan',
  'themespec=(null)',
  'ndsparamlist=~>>??',
].join(', ');

/** Level 2 as the openNDS binary does it through php-cli: openssl_encrypt(.., 0, ..) is base64, then base64 again. */
function encryptLikeOpenNds(plain: string, key: string) {
  const iv = createHash('sha256').update(randomBytes(8).toString('base64')).digest('hex').slice(0, 16);
  const k = Buffer.alloc(32);
  Buffer.from(key).copy(k);
  const cipher = createCipheriv('aes-256-cbc', k, Buffer.from(iv, 'latin1'));
  const once = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
  return { fas: Buffer.from(once).toString('base64'), iv };
}

function expectLabArrival(a: OpenNdsArrival, level: number) {
  expect(a).toMatchObject({
    family: 'opennds',
    clientMac: '02:00:00:00:01:02',
    clientIp: '10.99.1.2',
    originalUrl: 'http://10.99.3.3/page?a=1&b=2',
    apMac: null,
    ssid: null,
    gateway: {
      level,
      gatewayAddress: '10.99.1.1:2050',
      authDir: 'opennds_auth',
      hid,
      gatewayName: 'ndslab café',
      gatewayMac: '02:00:00:00:aa:01',
      clientIf: 'gw-lan',
      version: '9.10.0',
      tok: null,
      // What authmon polls as: sha256 of the name exactly as sent, URL-encoded (openNDS main.c).
      gatewayHash: createHash('sha256').update('ndslab%20caf%c3%a9').digest('hex'),
    },
  });
}

describe('openNDS FAS level 1', () => {
  const fas = Buffer.from(list).toString('base64');
  it('has a + in the fixture, to exercise the space fix', () => expect(fas).toContain('+'));

  it('reads base64 that arrived with its + turned into spaces', () => {
    // The gateway does not escape the base64, so a form decoder turns '+' into ' '.
    const raw = `fas=${fas}`;
    expectLabArrival(parseOpenNdsArrival(raw, { level: 1, faskey }), 1);
    expectLabArrival(parseOpenNdsArrival({ fas: fas.replace(/\+/g, ' ') }, { level: 1, faskey }), 1);
  });

  it('grants through the gateway with sha256(hid + faskey)', async () => {
    const gw = new OpenNdsGateway({ level: 1, faskey });
    const arrival = gw.parseArrival({ fas });
    const result = await gw.grantAccess({ arrival, limits: { minutes: 60 } });
    const tok = createHash('sha256')
      .update(hid + faskey)
      .digest('hex');
    expect(result).toEqual({
      kind: 'redirect',
      limitsApplied: false,
      unenforced: ['session_length'],
      url: `http://10.99.1.1:2050/opennds_auth/?tok=${tok}&redir=${encodeURIComponent('http://10.99.3.3/page?a=1&b=2')}`,
    });
    const continued = await gw.grantAccess({ arrival, limits: { minutes: 60 }, continueUrl: 'http://portal.test/done?x=1' });
    expect(continued.kind === 'redirect' && new URL(continued.url).searchParams.get('redir')).toBe('http://portal.test/done?x=1');
  });

  it('refuses a level mismatch and junk', () => {
    expect(() => parseOpenNdsArrival({ fas }, { level: 2, faskey })).toThrow(/uses FAS level 1 but this site is set to level 2/);
    expect(() => parseOpenNdsArrival({ fas: Buffer.from('hello').toString('base64') }, { level: 1, faskey })).toThrow(
      /no valid hid/,
    );
    const evil = Buffer.from(list.replace('gatewayaddress=10.99.1.1:2050', 'gatewayaddress=evil.test/x@y')).toString('base64');
    expect(() => parseOpenNdsArrival({ fas: evil }, { level: 1, faskey })).toThrow(/gatewayaddress/);
    expect(() => parseOpenNdsArrival({ foo: 'bar' }, { level: 1, faskey })).toThrow(/not an openNDS redirect/);
  });
});

describe('openNDS FAS level 2', () => {
  it('decrypts what openNDS encrypts (node crypto, the PHP recipe)', () => {
    const { fas, iv } = encryptLikeOpenNds(list, faskey);
    expect(iv).toMatch(/^[0-9a-f]{16}$/);
    expect(decryptFas(fas, iv, faskey)).toBe(list);
    expectLabArrival(parseOpenNdsArrival(`fas=${fas}&iv=${iv}`, { level: 2, faskey }), 2);
    expectLabArrival(parseOpenNdsArrival({ fas, iv }, { level: 3, faskey }), 3);
  });

  it('decrypts what the openssl command line encrypts the same way', () => {
    const iv = 'a1b2c3d4e5f60718';
    const key = Buffer.alloc(32);
    Buffer.from(faskey).copy(key);
    const once = execFileSync(
      'openssl',
      ['enc', '-aes-256-cbc', '-K', key.toString('hex'), '-iv', Buffer.from(iv).toString('hex'), '-base64', '-A'],
      { input: list },
    )
      .toString()
      .trim();
    expect(decryptFas(Buffer.from(once).toString('base64'), iv, faskey)).toBe(list);
  });

  it('says when the faskey is wrong or missing', () => {
    const { fas, iv } = encryptLikeOpenNds(list, faskey);
    expect(() => parseOpenNdsArrival({ fas, iv }, { level: 2, faskey: 'other-key' })).toThrow(/faskey matches/);
    expect(() => parseOpenNdsArrival({ fas, iv }, { level: 2 })).toThrow(/no faskey is configured/);
  });

  it('grants with the same token as level 1', async () => {
    const { fas, iv } = encryptLikeOpenNds(list, faskey);
    const gw = new OpenNdsGateway({ level: 2, faskey });
    const result = await gw.grantAccess({ arrival: gw.parseArrival({ fas, iv }), limits: { minutes: 1 } });
    expect(result.kind === 'redirect' && new URL(result.url).searchParams.get('tok')).toBe(grantToken(hid, faskey));
  });
});

describe('openNDS FAS level 0', () => {
  // As observed: authaction is not URL-encoded, so its query splits into separate parameters.
  const raw =
    'authaction=http://10.99.1.1:2050/opennds_auth/?clientip=10.99.1.2&gatewayname=ndslab&tok=0a1b2c3d&redir=http://10.99.3.3/';
  it('reads the split authaction', () => {
    expect(parseOpenNdsArrival(raw, { level: 0 })).toEqual({
      family: 'opennds',
      clientMac: null,
      apMac: null,
      clientIp: '10.99.1.2',
      originalUrl: 'http://10.99.3.3/',
      ssid: null,
      gateway: {
        level: 0,
        gatewayAddress: '10.99.1.1:2050',
        authDir: 'opennds_auth',
        tok: '0a1b2c3d',
        hid: null,
        gatewayName: 'ndslab',
        gatewayHash: null,
        gatewayMac: null,
        clientIf: null,
        version: null,
      },
    });
  });
  it('grants with the raw tok', () => {
    const a = parseOpenNdsArrival(raw, { level: 0 });
    expect(grantUrl(a, undefined, 'http://10.99.3.3/')).toBe(
      'http://10.99.1.1:2050/opennds_auth/?tok=0a1b2c3d&redir=http%3A%2F%2F10.99.3.3%2F',
    );
  });
  it('refuses an authaction that is not a gateway address', () => {
    expect(() => parseOpenNdsArrival('authaction=javascript:alert(1)&tok=abc', { level: 0 })).toThrow(/authaction/);
    expect(() => parseOpenNdsArrival('authaction=http://u:p@10.0.0.1/opennds_auth/&tok=abc', { level: 0 })).toThrow(/authaction/);
  });
});

describe('openNDS adapter status and revoke', () => {
  it('needs the faskey from level 1', async () => {
    expect(await new OpenNdsGateway({ level: 1 }).status()).toBe('Not configured');
    expect(await new OpenNdsGateway({ level: 2, faskey }).status()).toBe('Online');
    expect(await new OpenNdsGateway({ level: 0 }).status()).toBe('Online');
  });
  it('cannot revoke from the server', async () => {
    await expect(new OpenNdsGateway({ level: 1, faskey }).revokeAccess()).rejects.toMatchObject({ code: 'unsupported' });
  });
});

describe('openNDS level 3 authmon answers', () => {
  it('formats the auth list and reads the ack', () => {
    const entry = authmonEntry(
      hid,
      faskey,
      { limits: { minutes: 60, upKbps: 512, downKbps: 2048, quotaMB: 100 } },
      'fullname=Ann',
    );
    const rhid = grantToken(hid, faskey);
    expect(entry).toBe(`${rhid} 60 512 2048 100000 100000 ${Buffer.from('fullname=Ann').toString('base64')}`);
    expect(authmonAnswer([entry])).toBe(`* ${encodeURIComponent(entry)}`);
    expect(authmonAnswer([])).toBe('*');
    const post = parseAuthmonPost(
      new URLSearchParams({ auth_get: 'view', gatewayhash: 'abc', payload: Buffer.from(`* ${rhid}`).toString('base64') }),
    );
    expect(post).toMatchObject({ action: 'view', gatewayHash: 'abc' });
    expect(ackedRhids(post)).toEqual([rhid]);
    expect(
      ackedRhids(parseAuthmonPost({ auth_get: 'view', gatewayhash: 'abc', payload: Buffer.from('none').toString('base64') })),
    ).toEqual([]);
  });
});

describe('openNDS level 3 grants', () => {
  it('keeps whole entries within what authmon reads of a list', () => {
    const entry = authmonEntry(hid, faskey, { limits: { minutes: 60 } });
    const encoded = encodeURIComponent(entry).length;
    const fit = Math.floor((AUTHMON_LIST_CHARS + 1) / (encoded + 1));
    const many = Array.from({ length: fit + 3 }, () => entry);
    expect(authmonFit(many)).toBe(fit);
    const answer = authmonAnswer(many);
    expect(answer.split(' ')).toHaveLength(fit + 1);
    expect(answer.slice(2).length).toBeLessThanOrEqual(AUTHMON_LIST_CHARS);
    expect(authmonFit([])).toBe(0);
  });

  it('hashes the gateway name as openNDS does for authmon', () => {
    // php -r "echo openssl_digest('Splash%20Lab', 'sha256');"
    expect(gatewayHashOf('Splash%20Lab')).toBe(createHash('sha256').update('Splash%20Lab').digest('hex'));
    expect(gatewayHashOf('Splash%20Lab')).not.toBe(gatewayHashOf('Splash Lab'));
  });

  it('cannot grant at level 3 without a queue for authmon', async () => {
    const { fas, iv } = encryptLikeOpenNds(list, faskey);
    const arrival = parseOpenNdsArrival({ fas, iv }, { level: 3, faskey });
    expect(arrival.gateway.level).toBe(3);
    await expect(new OpenNdsGateway({ level: 3, faskey }).grantAccess({ arrival, limits: { minutes: 5 } })).rejects.toMatchObject(
      {
        code: 'unsupported',
      },
    );
  });
});

describe('the network factory', () => {
  it('builds the adapter of each family', async () => {
    const { createControllerAdapter, parseArrival } = await import('../index.ts');
    expect(createControllerAdapter({ family: 'opennds', level: 1, faskey }).family).toBe('opennds');
    expect(createControllerAdapter({ family: 'unifi', url: 'https://127.0.0.1:8443', username: 'a', password: 'b' }).family).toBe(
      'unifi',
    );
    expect(parseArrival('unifi', 'id=02:00:00:00:01:02').clientMac).toBe('02:00:00:00:01:02');
    expect(parseArrival('opennds', { fas: Buffer.from(list).toString('base64') }, { level: 1, faskey }).clientIp).toBe(
      '10.99.1.2',
    );
  });
});
