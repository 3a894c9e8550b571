import type { LoginField, LoginFieldType } from '@splashboard/contract';

const CUSTOM: LoginFieldType[] = ['custom_text', 'custom_number', 'custom_checkbox', 'custom_select'];

/** The form input name of a login field: its kind, or kind and position for custom fields (there can be several). */
export const inputName = (field: Pick<LoginField, 'field_type'>, index: number) =>
  CUSTOM.includes(field.field_type) ? `${field.field_type}_${index}` : field.field_type;

export const isCheckbox = (type: LoginFieldType) => type === 'consent' || type === 'custom_checkbox';

/** ISO 3166-1 alpha-2 codes; names come from Intl.DisplayNames in the guest's language. */
export const COUNTRY_CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

const namesCache = new Map<string, { code: string; name: string }[]>();

/** Countries sorted by their name in the language. */
export function countryOptions(lang: string): { code: string; name: string }[] {
  let list = namesCache.get(lang);
  if (!list) {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    list = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, lang),
    );
    namesCache.set(lang, list);
  }
  return list;
}
