import { describe, expect, it } from 'vitest';
import { describeUserAgent, isCaptiveMiniBrowser, type UserAgentDescription } from './user-agent.ts';

interface Case extends UserAgentDescription {
  name: string;
  ua: string;
  miniBrowser: boolean;
}

const CASES: Case[] = [
  {
    name: 'Safari on iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
    deviceType: 'phone',
    os: 'iOS 17.4',
    miniBrowser: false,
  },
  {
    name: "Apple's captive sheet on iPhone",
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    deviceType: 'phone',
    os: 'iOS 17.4',
    miniBrowser: true,
  },
  {
    name: "Apple's Captive Network Assistant probe",
    ua: 'CaptiveNetworkSupport-325.10.1 wispr',
    deviceType: 'other',
    os: '',
    miniBrowser: true,
  },
  {
    name: "Apple's captive sheet on macOS",
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)',
    deviceType: 'desktop',
    os: 'macOS',
    miniBrowser: true,
  },
  {
    name: 'Safari on macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    deviceType: 'desktop',
    os: 'macOS',
    miniBrowser: false,
  },
  {
    name: 'Chrome on iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
    deviceType: 'phone',
    os: 'iOS 17.4',
    miniBrowser: false,
  },
  {
    name: 'Firefox on iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_7_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
    deviceType: 'phone',
    os: 'iOS 16.7',
    miniBrowser: false,
  },
  {
    name: 'Safari on iPad',
    ua: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    deviceType: 'tablet',
    os: 'iOS 16.6',
    miniBrowser: false,
  },
  {
    name: 'Chrome on an Android phone',
    ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.54 Mobile Safari/537.36',
    deviceType: 'phone',
    os: 'Android 14',
    miniBrowser: false,
  },
  {
    name: 'Samsung Internet on Android',
    ua: 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    deviceType: 'phone',
    os: 'Android 13',
    miniBrowser: false,
  },
  {
    name: "Android's captive portal login (WebView)",
    ua: 'Mozilla/5.0 (Linux; Android 10; SM-G973F Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/80.0.3987.99 Mobile Safari/537.36',
    deviceType: 'phone',
    os: 'Android 10',
    miniBrowser: true,
  },
  {
    name: 'Android 8.1 WebView',
    ua: 'Mozilla/5.0 (Linux; Android 8.1.0; Nokia 6.1 Build/OPM1.171019.026; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 Mobile Safari/537.36',
    deviceType: 'phone',
    os: 'Android 8.1',
    miniBrowser: true,
  },
  {
    name: 'Chrome on an Android tablet',
    ua: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    deviceType: 'tablet',
    os: 'Android 13',
    miniBrowser: false,
  },
  {
    name: 'Chrome on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    deviceType: 'desktop',
    os: 'Windows',
    miniBrowser: false,
  },
  {
    name: 'Edge on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
    deviceType: 'desktop',
    os: 'Windows',
    miniBrowser: false,
  },
  {
    name: "Windows' connectivity probe",
    ua: 'Microsoft NCSI',
    deviceType: 'other',
    os: '',
    miniBrowser: true,
  },
  {
    name: 'Firefox on Linux',
    ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    deviceType: 'desktop',
    os: 'Linux',
    miniBrowser: false,
  },
  {
    name: 'Chrome on a Chromebook',
    ua: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    deviceType: 'desktop',
    os: 'ChromeOS',
    miniBrowser: false,
  },
  { name: 'no user agent', ua: '', deviceType: 'other', os: '', miniBrowser: false },
  { name: 'a command-line client', ua: 'curl/8.5.0', deviceType: 'other', os: '', miniBrowser: false },
];

describe('describeUserAgent', () => {
  it.each(CASES)('$name: $deviceType, "$os"', ({ ua, deviceType, os }) => {
    expect(describeUserAgent(ua)).toEqual({ deviceType, os });
  });
});

describe('isCaptiveMiniBrowser', () => {
  it.each(CASES)('$name: $miniBrowser', ({ ua, miniBrowser }) => {
    expect(isCaptiveMiniBrowser(ua)).toBe(miniBrowser);
  });

  it('stays fast on a hostile, very long header', () => {
    const ua = `Mozilla/5.0 (Linux; Android 14; ${'x'.repeat(100_000)}`;
    const started = performance.now();
    expect(isCaptiveMiniBrowser(ua)).toBe(false);
    expect(describeUserAgent(ua).os).toBe('Android 14');
    expect(performance.now() - started).toBeLessThan(50);
  });
});
