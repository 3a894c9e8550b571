import type { ReportFrequency } from '@splashboard/contract';
import type { ReportLang } from '../report-types.ts';

type Frequency = Exclude<ReportFrequency, 'never'>;

/** Every word of a report (email, its charts and its PDF), in each language a report is sent in. */
export interface ReportWords {
  report: Record<Frequency, string>;
  /** "Weekly report for Café Central: Nov 16–22, 2026". */
  subject: (report: string, name: string, period: string) => string;
  allSites: (count: number) => string;
  figures: {
    guests: string;
    new_guests: string;
    logins: string;
    dwell_time: string;
    bounce_rate: string;
    busiest_hours: string;
    vouchers: string;
    revenue: string;
  };
  vsPrevious: string;
  comparedWith: (period: string) => string;
  previous: string;
  noPreviousData: string;
  points: string;
  vouchersActive: string;
  vouchersUnused: string;
  vouchersExpiring: string;
  charts: {
    trendTitle: string;
    hoursTitle: string;
    guests: string;
    logins: string;
    thisPeriod: string;
    previousPeriod: string;
  };
  openDashboard: string;
  footer: (product: string) => string;
  pdfFooter: string;
  page: (n: number, of: number) => string;
}

export const REPORT_WORDS: Record<ReportLang, ReportWords> = {
  'en-US': {
    report: { daily: 'Daily report', weekly: 'Weekly report', monthly: 'Monthly report' },
    subject: (report, name, period) => `${report} for ${name}: ${period}`,
    allSites: (count) => `All sites (${count})`,
    figures: {
      guests: 'Guests',
      new_guests: 'New guests',
      logins: 'Wi-Fi logins',
      dwell_time: 'Average dwell time',
      bounce_rate: 'Bounce rate',
      busiest_hours: 'Busiest hours',
      vouchers: 'Vouchers activated',
      revenue: 'Payments collected',
    },
    vsPrevious: 'vs previous period',
    comparedWith: (period) => `Compared with ${period}`,
    previous: 'Previous',
    noPreviousData: 'none before',
    points: 'pts',
    vouchersActive: 'Active',
    vouchersUnused: 'Unused',
    vouchersExpiring: 'Expiring soon',
    charts: {
      trendTitle: 'Guests and logins per day',
      hoursTitle: 'Busiest hours (logins per hour)',
      guests: 'Guests',
      logins: 'Wi-Fi logins',
      thisPeriod: 'This period',
      previousPeriod: 'Previous period',
    },
    openDashboard: 'Open the dashboard',
    footer: (product) => `You receive this report because it is scheduled in ${product}. Change it in the site's settings.`,
    pdfFooter: 'Dashboard',
    page: (n, of) => `Page ${n} of ${of}`,
  },
  'es-ES': {
    report: { daily: 'Informe diario', weekly: 'Informe semanal', monthly: 'Informe mensual' },
    subject: (report, name, period) => `${report} de ${name}: ${period}`,
    allSites: (count) => `Todos los sitios (${count})`,
    figures: {
      guests: 'Invitados',
      new_guests: 'Invitados nuevos',
      logins: 'Accesos Wi-Fi',
      dwell_time: 'Tiempo medio de permanencia',
      bounce_rate: 'Tasa de rebote',
      busiest_hours: 'Horas de más actividad',
      vouchers: 'Vales activados',
      revenue: 'Pagos cobrados',
    },
    vsPrevious: 'frente al periodo anterior',
    comparedWith: (period) => `Comparado con ${period}`,
    previous: 'Anterior',
    noPreviousData: 'ninguno antes',
    points: 'p. p.',
    vouchersActive: 'Activos',
    vouchersUnused: 'Sin usar',
    vouchersExpiring: 'Caducan pronto',
    charts: {
      trendTitle: 'Invitados y accesos por día',
      hoursTitle: 'Horas de más actividad (accesos por hora)',
      guests: 'Invitados',
      logins: 'Accesos Wi-Fi',
      thisPeriod: 'Este periodo',
      previousPeriod: 'Periodo anterior',
    },
    openDashboard: 'Abrir el panel',
    footer: (product) => `Recibe este informe porque está programado en ${product}. Puede cambiarlo en los ajustes del sitio.`,
    pdfFooter: 'Panel',
    page: (n, of) => `Página ${n} de ${of}`,
  },
};
