import {
  SPLASH_AD_DEFAULTS,
  type SplashAd,
  type SplashAdCreate,
  type SplashAdPlacement,
  type SplashAdRule,
  type SplashAdTrigger,
} from '@splashboard/contract';

/** The ad form's values as typed (dates as datetime-local text in the browser's time). */
export interface AdFormValues {
  name: string;
  splashad_html: string;
  splashad_json: Record<string, unknown>;
  link_url: string;
  placement: SplashAdPlacement;
  trigger_type: SplashAdTrigger;
  active: boolean;
  autoskip: boolean;
  autoskiptime: string;
  run_now: boolean;
  start: string;
  end: string;
  enable_rules: boolean;
  rules_chaining: 'and' | 'or';
  rules: SplashAdRule[];
}

export const EMPTY_AD: AdFormValues = {
  name: SPLASH_AD_DEFAULTS.name,
  splashad_html: '',
  splashad_json: {},
  link_url: '',
  placement: SPLASH_AD_DEFAULTS.placement,
  trigger_type: SPLASH_AD_DEFAULTS.trigger_type,
  active: true,
  autoskip: SPLASH_AD_DEFAULTS.autoskip,
  autoskiptime: String(SPLASH_AD_DEFAULTS.autoskiptime),
  run_now: true,
  start: '',
  end: '',
  enable_rules: false,
  rules_chaining: 'and',
  rules: [],
};

export const NEW_RULE: SplashAdRule = { field: 'language', operator: 'eq', value: '' };

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as datetime-local text in the browser's time zone. */
export function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const instantOf = (local: string) => (local ? new Date(local).toISOString() : null);

export function formOf(ad: SplashAd): AdFormValues {
  return {
    name: ad.name,
    splashad_html: ad.splashad_html,
    splashad_json: ad.splashad_json,
    link_url: ad.link_url,
    placement: ad.placement,
    trigger_type: ad.trigger_type,
    active: ad.active === 1,
    autoskip: ad.autoskip,
    autoskiptime: String(ad.autoskiptime),
    run_now: ad.run_now,
    start: localInput(ad.start_time),
    end: localInput(ad.end_time),
    enable_rules: ad.enable_rules,
    rules_chaining: ad.rules_chaining,
    rules: ad.rules,
  };
}

/** What the form sends: run now leaves the start to the server (the moment it is saved). */
export function bodyOf(v: AdFormValues): Omit<SplashAdCreate, 'templateId' | 'trigger_param'> {
  return {
    name: v.name.trim(),
    splashad_html: v.splashad_html,
    splashad_json: v.splashad_json,
    link_url: v.link_url.trim(),
    placement: v.placement,
    trigger_type: v.trigger_type,
    active: v.active ? 1 : 0,
    autoskip: v.autoskip,
    autoskiptime: Number(v.autoskiptime),
    run_now: v.run_now,
    start_time: v.run_now ? null : instantOf(v.start),
    end_time: instantOf(v.end),
    enable_rules: v.enable_rules,
    rules_chaining: v.rules_chaining,
    rules: v.enable_rules ? v.rules : [],
  };
}
