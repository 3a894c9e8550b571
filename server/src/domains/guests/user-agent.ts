export type DeviceType = 'phone' | 'tablet' | 'desktop' | 'other';

export interface UserAgentDescription {
  deviceType: DeviceType;
  /** `iOS 17.4`, `Android 14`, `Windows`, `macOS`, `Linux`, `ChromeOS`, or '' when not recognised. */
  os: string;
}

/** Longer strings are cut before matching: a header is attacker-controlled and regexes should stay cheap. */
const MAX_UA_LENGTH = 512;

const IOS = /\b(?:iPhone|iPad|iPod)\b.*?\bOS (\d+)(?:[_.](\d+))?/;
const ANDROID = /\bAndroid(?: (\d+)(?:\.(\d+))?)?/;

interface OsRule {
  test: RegExp;
  name: (match: RegExpExecArray) => string;
}

// Order matters: iOS says "like Mac OS X", Android and ChromeOS say "Linux".
const OS_RULES: OsRule[] = [
  { test: IOS, name: (m) => `iOS ${m[1]}${m[2] ? `.${m[2]}` : ''}` },
  { test: ANDROID, name: (m) => (m[1] ? `Android ${m[1]}${m[2] && m[2] !== '0' ? `.${m[2]}` : ''}` : 'Android') },
  { test: /\bCrOS\b/, name: () => 'ChromeOS' },
  { test: /\bWindows (?:NT|Phone)\b/, name: () => 'Windows' },
  { test: /\bMacintosh\b|\bMac OS X\b/, name: () => 'macOS' },
  { test: /\bLinux\b|\bX11\b/, name: () => 'Linux' },
];

interface DeviceRule {
  test: RegExp;
  type: DeviceType;
}

// First match wins: tablets before phones, because an Android tablet without "Mobile" is still Android.
const DEVICE_RULES: DeviceRule[] = [
  { test: /\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//, type: 'tablet' },
  { test: /\bAndroid\b(?!.*\bMobile\b)/, type: 'tablet' },
  { test: /\biPhone\b|\biPod\b|\bAndroid\b|\bWindows Phone\b|\bMobile\b/, type: 'phone' },
  { test: /\bWindows NT\b|\bMacintosh\b|\bCrOS\b|\bX11\b|\bLinux\b/, type: 'desktop' },
];

export function describeUserAgent(userAgent: string): UserAgentDescription {
  const ua = userAgent.slice(0, MAX_UA_LENGTH);
  let os = '';
  for (const rule of OS_RULES) {
    const match = rule.test.exec(ua);
    if (match) {
      os = rule.name(match);
      break;
    }
  }
  const deviceType = DEVICE_RULES.find((rule) => rule.test.test(ua))?.type ?? 'other';
  return { deviceType, os };
}

const MINI_BROWSER_MARKERS: RegExp[] = [
  // Apple's Captive Network Assistant probe and its web sheet on older systems.
  /CaptiveNetworkSupport/i,
  // Android's com.android.captiveportallogin on builds that name themselves.
  /CaptivePortalLogin/i,
  // Windows' Network Connectivity Status Indicator.
  /Microsoft NCSI|msftconnecttest|msftncsi/i,
  // Android System WebView (`; wv)`), which is what com.android.captiveportallogin renders with.
  /\bAndroid\b[^)]*;\s*wv\)/,
];

// Apple's captive sheet is a bare WKWebView: a WebKit UA that never says "Safari/". Safari, and the
// other iOS browsers built on WebKit (Chrome's CriOS, Firefox's FxiOS, Edge's EdgiOS), all do.
const APPLE_DEVICE = /\b(?:iPhone|iPad|iPod|Macintosh)\b/;
const WEBKIT = /\bAppleWebKit\//;
const SAFARI = /\bSafari\//;

/**
 * True for the operating systems' captive-portal mini browsers (and embedded web views that look the
 * same), where pop-ups, new windows and some third-party sign-ins (Google, Facebook) do not work.
 */
export function isCaptiveMiniBrowser(userAgent: string): boolean {
  const ua = userAgent.slice(0, MAX_UA_LENGTH);
  if (MINI_BROWSER_MARKERS.some((marker) => marker.test(ua))) return true;
  return APPLE_DEVICE.test(ua) && WEBKIT.test(ua) && !SAFARI.test(ua);
}
