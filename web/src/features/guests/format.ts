import type { TFunction } from 'i18next';
import { dateTime } from '../../app/format.ts';

export { dateTime };

export const guestApi = (siteId: number | null | undefined) => `/s/${siteId}/api/v1/guest`;

export const bytes = (n: number, lang: string) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toLocaleString(lang, { maximumFractionDigits: unit ? 1 : 0 })} ${units[unit]}`;
};

export const duration = (t: TFunction, minutes: number) =>
  minutes < 60
    ? t('guests.details.minutes', { count: minutes })
    : t('guests.details.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });

/** A count the API estimated, rounded as people say it ("about 1,000,000"). */
export const roughly = (n: number, lang: string) => n.toLocaleString(lang, { maximumSignificantDigits: 2 });
