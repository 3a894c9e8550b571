import type { ReportRenderInput } from '../report-types.ts';

const wave = (peak: number, at: number, spread: number) =>
  Array.from({ length: 24 }, (_, h) => Math.round(peak * Math.exp(-((h - at) ** 2) / spread)));

/** A typical weekly report of a café, every figure chosen (tests and previews render it). */
export function sampleReport(overrides: Partial<ReportRenderInput> = {}): ReportRenderInput {
  return {
    lang: 'en-US',
    siteName: 'Café Central',
    siteCount: 1,
    accountName: 'Central Hospitality',
    frequency: 'weekly',
    period: {
      from: '2026-11-16',
      to: '2026-11-22',
      previousFrom: '2026-11-09',
      previousTo: '2026-11-15',
      timeZone: 'Europe/Madrid',
    },
    figures: {
      guests: { current: 1234, previous: 1100 },
      new_guests: { current: 420, previous: 480 },
      logins: { current: 2345, previous: 2100 },
      dwell_time: { current: 65, previous: 52 },
      bounce_rate: { current: 32.5, previous: 30 },
      busiest_hours: { current: wave(160, 18, 14), previous: wave(140, 13, 18) },
      vouchers: { activated: { current: 87, previous: 100 }, active: 45, unused: 120, expiring: 9 },
      revenue: { currency: 'EUR', collected: { current: 123450, previous: 98000 } },
      daily: [
        { day: '2026-11-16', guests: 150, logins: 290 },
        { day: '2026-11-17', guests: 162, logins: 301 },
        { day: '2026-11-18', guests: 171, logins: 330 },
        { day: '2026-11-19', guests: 158, logins: 298 },
        { day: '2026-11-20', guests: 190, logins: 370 },
        { day: '2026-11-21', guests: 221, logins: 420 },
        { day: '2026-11-22', guests: 182, logins: 336 },
      ],
    },
    chosen: ['guests', 'new_guests', 'logins', 'dwell_time', 'bounce_rate', 'busiest_hours', 'vouchers', 'revenue'],
    brand: { productName: 'Splashboard', logoUrl: null, accentColor: '#e65100' },
    dashboardUrl: 'https://dash.example.com/app/sites/7/dashboard',
    ...overrides,
  };
}
