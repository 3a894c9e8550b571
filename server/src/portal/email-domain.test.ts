import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailDomainChecker } from './email-domain.ts';
import { startFakeDnsServer, type FakeDnsServer } from '../../test/fakes/dns-server.ts';

let dns: FakeDnsServer;
let silent: FakeDnsServer;
let failing: FakeDnsServer;

beforeAll(async () => {
  dns = await startFakeDnsServer({
    zone: {
      'cafe.example': { mx: [{ preference: 10, exchange: 'mail.cafe.example' }], a: ['192.0.2.10'] },
      'mail.cafe.example': { a: ['192.0.2.25'] },
      'bakery.example': { a: ['192.0.2.30'] },
      'v6only.example': { aaaa: ['2001:db8::25'] },
      'nomail.example': { mx: [{ preference: 0, exchange: '.' }], a: ['192.0.2.40'] },
      'parked.example': {},
      'münchen.example': {},
      'xn--mnchen-3ya.example': { mx: [{ preference: 5, exchange: 'mx.xn--mnchen-3ya.example' }] },
    },
  });
  silent = await startFakeDnsServer({ zone: {}, silent: true });
  failing = await startFakeDnsServer({ zone: {}, failing: true });
});

afterAll(async () => {
  await dns.close();
  await silent.close();
  await failing.close();
});

const checker = () => createEmailDomainChecker({ servers: [dns.address], timeoutMs: 1000 });
const asked = (name: string) => dns.questions.filter((q) => q.name.toLowerCase() === name).map((q) => q.type);

describe('canReceiveMail', () => {
  it('says yes for a domain with an MX record', async () => {
    expect(await checker().canReceiveMail('ana@cafe.example')).toBe('yes');
  });

  it('falls back to the address records when there is no MX (RFC 5321 implicit MX)', async () => {
    expect(await checker().canReceiveMail('ana@bakery.example')).toBe('yes');
    expect(await checker().canReceiveMail('ana@v6only.example')).toBe('yes');
    expect(asked('bakery.example')).toEqual(expect.arrayContaining(['MX', 'A', 'AAAA']));
  });

  it('says no for a domain that does not exist, without asking for addresses', async () => {
    expect(await checker().canReceiveMail('ana@nowhere.example')).toBe('no');
    expect(asked('nowhere.example')).toEqual(['MX']);
  });

  it('says no for a domain with neither MX nor address records', async () => {
    expect(await checker().canReceiveMail('ana@parked.example')).toBe('no');
  });

  it('says no for a null MX (RFC 7505), even when the domain has an address', async () => {
    expect(await checker().canReceiveMail('ana@nomail.example')).toBe('no');
  });

  it('asks for an internationalised domain in its ASCII form', async () => {
    expect(await checker().canReceiveMail('ana@MÜNCHEN.example')).toBe('yes');
    expect(asked('münchen.example')).toEqual([]);
  });

  it('says no for an address without a usable domain, without asking DNS', async () => {
    const before = dns.questions.length;
    const check = checker();
    expect(await check.canReceiveMail('ana')).toBe('no');
    expect(await check.canReceiveMail('ana@')).toBe('no');
    expect(await check.canReceiveMail('ana@localhost')).toBe('no');
    expect(dns.questions.length).toBe(before);
  });

  it('remembers an answer, and asks once for concurrent checks of one domain', async () => {
    const check = checker();
    const before = asked('cafe.example').length;
    const verdicts = await Promise.all([
      check.canReceiveMail('a@cafe.example'),
      check.canReceiveMail('b@cafe.example'),
      check.canReceiveMail('c@Cafe.Example'),
    ]);
    expect(verdicts).toEqual(['yes', 'yes', 'yes']);
    expect(await check.canReceiveMail('d@cafe.example')).toBe('yes');
    expect(asked('cafe.example').length - before).toBe(1);
  });

  it('forgets the oldest answers beyond its size and any answer after its time', async () => {
    const check = createEmailDomainChecker({ servers: [dns.address], timeoutMs: 1000, cacheSize: 1, cacheMs: 60_000 });
    const mxAsks = () => asked('cafe.example').length;
    const start = mxAsks();
    await check.canReceiveMail('a@cafe.example');
    await check.canReceiveMail('a@bakery.example');
    await check.canReceiveMail('a@cafe.example');
    expect(mxAsks() - start).toBe(2);

    const shortLived = createEmailDomainChecker({ servers: [dns.address], timeoutMs: 1000, cacheMs: 0 });
    await shortLived.canReceiveMail('a@cafe.example');
    await shortLived.canReceiveMail('a@cafe.example');
    expect(mxAsks() - start).toBe(4);
  });

  it('says unknown, within its timeout, when the resolver does not answer', async () => {
    const check = createEmailDomainChecker({ servers: [silent.address], timeoutMs: 500 });
    const started = performance.now();
    expect(await check.canReceiveMail('ana@cafe.example')).toBe('unknown');
    expect(performance.now() - started).toBeLessThan(800);
    expect(silent.questions.filter((q) => q.name === 'cafe.example').map((q) => q.type)).toEqual(['MX']);
  });

  it('says unknown when the resolver fails, and asks again for the next guest', async () => {
    const check = createEmailDomainChecker({ servers: [failing.address], timeoutMs: 1000 });
    expect(await check.canReceiveMail('ana@cafe.example')).toBe('unknown');
    expect(await check.canReceiveMail('ana@cafe.example')).toBe('unknown');
    expect(failing.questions.filter((q) => q.name === 'cafe.example')).toHaveLength(2);
  });

  it('says unknown for an address literal, which DNS cannot judge', async () => {
    expect(await checker().canReceiveMail('ana@[192.0.2.1]')).toBe('unknown');
  });
});
