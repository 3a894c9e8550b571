/** An amount in major units in the reader's language. */
export const formatMoney = (amount: number, currency: string, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(amount);

/** A day in the reader's language; a dash for none. */
export const formatDay = (iso: string | null | undefined, lang: string) =>
  iso ? new Date(iso).toLocaleDateString(lang, { dateStyle: 'medium' }) : '—';

export const formatNumber = (n: number, lang: string) => new Intl.NumberFormat(lang).format(n);
