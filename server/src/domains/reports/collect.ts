import type { DashboardRangeQuery, ReportFigure } from '@splashboard/contract';
import type { SystemTiles } from '../dashboard/index.ts';
import type { Compared, ReportFigures } from './report-types.ts';
import type { ReportPeriod } from './schedule.ts';

/** A site a report reads, as the dashboard's scope names it. */
export interface ReportSite {
  id: number;
  name: string;
  timezone: string;
  currency: string;
  /** Paid Wi-Fi is on (the site's login methods include payment). */
  paid: boolean;
}

const pair = (t: { value: number; previous: number }): Compared => ({ current: t.value, previous: t.previous });

/**
 * The report's figures, each read through the dashboard's own tile for the same sites and local days, so
 * that a report says what the dashboard says for that period: one site in its zone, or (timezone null)
 * every site of the account, each counting its own local days, as the control panel does.
 */
export async function collectFigures(
  tiles: SystemTiles,
  sites: ReportSite[],
  timezone: string | null,
  period: ReportPeriod,
  chosen: ReportFigure[],
): Promise<ReportFigures> {
  const scope = sites.map(({ id, name, timezone: tz, currency }) => ({ id, name, timezone: tz, currency }));
  const current: DashboardRangeQuery = { fromdate: period.from, todate: period.to };
  const previous: DashboardRangeQuery = { fromdate: period.previousFrom, todate: period.previousTo };
  const has = (f: ReportFigure) => chosen.includes(f);
  const figures: ReportFigures = { daily: [] };

  const logins = await tiles.tile(scope, timezone, 'wifi_logins', current);
  figures.daily = logins.days.map((d) => ({ day: d.date, guests: d.guests, logins: d.logins }));
  if (has('logins')) figures.logins = pair(logins.total);
  if (has('guests')) figures.guests = pair(await tiles.tile(scope, timezone, 'total_guests', current));
  if (has('new_guests')) figures.new_guests = pair(await tiles.tile(scope, timezone, 'first_time_guests', current));
  if (has('dwell_time')) figures.dwell_time = pair(await tiles.tile(scope, timezone, 'dwell_time', current));
  if (has('bounce_rate')) figures.bounce_rate = pair(await tiles.tile(scope, timezone, 'bounce_rate', current));
  if (has('busiest_hours')) {
    const byHour = async (query: DashboardRangeQuery) => {
      const hours = new Array<number>(24).fill(0);
      for (const cell of (await tiles.tile(scope, timezone, 'guest_activity', query)).cells) hours[cell.hour]! += cell.logins;
      return hours;
    };
    figures.busiest_hours = { current: await byHour(current), previous: await byHour(previous) };
  }
  if (has('vouchers')) {
    const activated = await tiles.tile(scope, timezone, 'activated_vouchers', current);
    figures.vouchers = {
      activated: pair(activated),
      active: (await tiles.tile(scope, timezone, 'active_vouchers', current)).value,
      unused: (await tiles.tile(scope, timezone, 'unused_vouchers', current)).value,
      expiring: (await tiles.tile(scope, timezone, 'expiring_vouchers', current)).value,
    };
  }
  const paid = sites.filter((s) => s.paid);
  if (has('revenue') && paid.length) {
    const payScope = paid.map(({ id, name, timezone: tz, currency }) => ({ id, name, timezone: tz, currency }));
    const amounts = (await tiles.tile(payScope, timezone, 'payments_collected', current)).amounts;
    // Money is never summed across currencies: the report shows the one of most of its paid sites.
    const currency = mostCommon(paid.map((s) => s.currency));
    const amount = amounts.find((a) => a.currency === currency) ?? { value: 0, previous: 0 };
    figures.revenue = { currency, collected: pair(amount) };
  }
  return figures;
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}
