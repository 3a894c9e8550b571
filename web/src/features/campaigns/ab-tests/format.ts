import type { TFunction } from 'i18next';
import type { AbTest } from '@splashboard/contract';

/** A share 0–1 as a whole percentage in the language ("97 %", "97 %" with the language's spacing). */
export const percent = (value: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: value > 0 && value < 0.01 ? 1 : 0 }).format(value);

export const dateOf = (iso: string, lang: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso));

/** The test's verdict in plain words: who converts better and how sure that is, or that it is too early. */
export function verdictText(t: TFunction, test: AbTest, lang: string): string {
  const verdict = test.verdict;
  const leader = verdict && test.variants.find((v) => v.id === verdict.variant_id);
  if (!verdict || !leader) return t('campaigns.ab.verdict.tooEarly');
  const words = { name: leader.name, chance: percent(verdict.chance_to_win, lang) };
  return verdict.sure ? t('campaigns.ab.verdict.sure', words) : t('campaigns.ab.verdict.leading', words);
}
