import { describe, expect, it } from 'vitest';
import { createPassSigner, type PortalPass } from './pass.ts';

const SECRET = 'a'.repeat(64);
const passOf = (over: Partial<PortalPass> = {}): PortalPass => ({
  s: 7,
  arrival: {
    family: 'unifi',
    clientMac: '02:00:00:00:00:01',
    apMac: 'f0:9f:c2:00:00:01',
    clientIp: null,
    originalUrl: 'http://example.com/',
    ssid: 'Guest',
    gateway: { t: 1 },
  },
  lang: 'en-US',
  iat: Math.floor(Date.now() / 1000),
  ...over,
});

describe('portal pass', () => {
  it('reads back what was signed, in this process and in another with the same secret', () => {
    const pass = passOf();
    const token = createPassSigner(SECRET).sign(pass);
    expect(createPassSigner(SECRET).sign(pass)).toBe(token);
    const signer = createPassSigner(SECRET);
    expect(signer.verify(token)).toEqual(pass);
    expect(signer.verify(token)).toEqual(pass);
    expect(createPassSigner('b'.repeat(64)).verify(token)).toBeNull();
  });

  it('refuses a changed pass or signature, also after the genuine one was checked', () => {
    const signer = createPassSigner(SECRET);
    const token = signer.sign(passOf());
    expect(signer.verify(token)).not.toBeNull();
    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(passOf({ s: 8 }))).toString('base64url');
    expect(signer.verify(`${forged}.${mac}`)).toBeNull();
    // Another last character (a fixed 'AA' was the same signature once in 4,096 runs).
    expect(signer.verify(`${body}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(signer.verify(`${body}x.${mac}`)).toBeNull();
    expect(signer.verify(body)).toBeNull();
  });

  it('refuses a pass older than six hours, even one it has already checked', () => {
    const signer = createPassSigner(SECRET);
    const token = signer.sign(passOf());
    const now = Date.now();
    expect(signer.verify(token, now + 6 * 3600_000 - 5000)).not.toBeNull();
    expect(signer.verify(token, now + 6 * 3600_000 + 5000)).toBeNull();
    expect(createPassSigner(SECRET).verify(token, now + 6 * 3600_000 + 5000)).toBeNull();
  });

  it('refuses an address too long to be a pass, even one signed here', () => {
    const signer = createPassSigner(SECRET);
    const token = signer.sign(
      passOf({ arrival: { ...passOf().arrival, originalUrl: `http://example.com/${'x'.repeat(7000)}` } }),
    );
    expect(token.length).toBeGreaterThan(8000);
    expect(signer.verify(token)).toBeNull();
  });

  it('hands out read-only passes (one object serves many requests), and keeps the signer’s copy apart from the caller’s', () => {
    const signer = createPassSigner(SECRET);
    const mine = passOf();
    const token = signer.sign(mine);
    mine.lang = 'es-ES';
    const read = signer.verify(token)!;
    expect(read.lang).toBe('en-US');
    expect(() => {
      (read as { lang: string }).lang = 'es-ES';
    }).toThrow(TypeError);
    expect(() => {
      (read.arrival as { clientMac: string | null }).clientMac = '02:00:00:00:00:02';
    }).toThrow(TypeError);
  });
});
