import { DEFAULT_LOGIN_METHOD_VALUES, type GuestAccountDefaults } from '@splashboard/contract';
import type { SplashRepo } from '../splash/splash.repo.ts';

const PATH = 'guestuserloginconfig';

/** The limits a site gives new accounts (its Guest user login settings), from stored values or the defaults. */
export function defaultsFromValues(values: Record<string, unknown>): GuestAccountDefaults {
  const d = DEFAULT_LOGIN_METHOD_VALUES[PATH];
  const pick = <K extends keyof typeof d>(k: K) => (k in values ? values[k] : d[k]) as (typeof d)[K];
  return {
    num_devices: pick('num_devices'),
    duration_val: pick('duration_val'),
    duration_type: pick('duration_type'),
    bytes_t: pick('bytes_t'),
    bytes_type: pick('bytes_type'),
    speed_ul: pick('speed_ul'),
    speed_dl: pick('speed_dl'),
    self_signup: pick('self_signup'),
  };
}

export async function siteDefaults(splash: SplashRepo, siteId: number): Promise<GuestAccountDefaults> {
  return defaultsFromValues((await splash.methodValuesOf(siteId, PATH)) ?? {});
}
