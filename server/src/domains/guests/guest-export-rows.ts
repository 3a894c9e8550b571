import type { GuestExportKind } from '@splashboard/contract';
import type { SiteRow } from '../sites/sites.repo.ts';
import { methodFieldsOf, mergeGuestFields } from '../splash/guest-fields.ts';
import type { SplashRepo } from '../splash/splash.repo.ts';
import { csvLine } from './guest-csv.ts';
import type { GuestFilters } from './guest-filters.ts';
import type { Cursor, GuestListRepo } from './guest-list.repo.ts';
import type { GuestSessionsRepo } from './guest-sessions.repo.ts';

export type { Cursor };

/** What a download's rows are read from. */
export interface ExportRepos {
  /** For the site's configured custom fields (splash/guest-fields.ts). */
  splash: Pick<SplashRepo, 'methodSettings'>;
  guestList: GuestListRepo;
  guestSessions: GuestSessionsRepo;
}

/** One kind of download: its header, how many rows it will have, and its rows chunk by chunk, in a stable order. */
export interface ExportSource {
  header(): Promise<string>;
  count(): Promise<number>;
  /** The next rows after the cursor as CSV text, and the cursor after them; no rows at the end. */
  chunk(after: Cursor, size: number): Promise<{ text: string; rows: number; next: Cursor }>;
}

const nextCursor = (rows: { cursorAt: string; id: number }[]): Cursor =>
  rows.length ? { at: rows.at(-1)!.cursorAt, id: rows.at(-1)!.id } : null;

/** The custom answers' columns: the site's custom fields in its order, then any other answer kept. */
async function customColumns(repos: ExportRepos, site: SiteRow, f: GuestFilters): Promise<string[]> {
  const configured = mergeGuestFields(await methodFieldsOf(repos.splash, site))
    .filter((field) => field.field_type.startsWith('custom_'))
    .map((field) => field.title);
  const found = await repos.guestList.customFieldKeys(site.id, site.timezone, f);
  const others = found.filter((k) => !configured.includes(k));
  return [...configured, ...others.sort((a, b) => a.localeCompare(b))];
}

function guestSource(repos: ExportRepos, site: SiteRow, f: GuestFilters): ExportSource {
  const tz = site.timezone;
  let custom: string[] = [];
  return {
    async header() {
      custom = await customColumns(repos, site, f);
      return csvLine([
        'Guest ID', 'First name', 'Last name', 'Email', 'Phone', 'Gender', 'Birthday', 'Country', 'Postcode',
        ...custom,
        'Marketing consent', 'Email verified', 'Visits', `First seen (${tz})`, `Last seen (${tz})`,
        'First login method', 'Last login method',
      ]); // prettier-ignore
    },
    async count() {
      return repos.guestList.countForDownload(site.id, tz, f);
    },
    async chunk(cursor, size) {
      const rows = await repos.guestList.downloadChunk(site.id, tz, f, cursor, size);
      const text = rows
        .map(
          (g) =>
          csvLine([
            g.id, g.firstName, g.lastName, g.email, g.phone, g.gender, g.birthday, g.country, g.postcode,
            ...custom.map((k) => g.fields[k]),
            g.marketingConsent, Boolean(g.verified), g.visits, g.firstSeen, g.lastSeen, g.firstMethod, g.lastMethod,
          ]), // prettier-ignore
        )
        .join('');
      return { text, rows: rows.length, next: nextCursor(rows) };
    },
  };
}

function sessionSource(repos: ExportRepos, site: SiteRow, f: GuestFilters): ExportSource {
  const tz = site.timezone;
  return {
    async header() {
      return csvLine([
        'Session ID', 'Guest ID', 'First name', 'Last name', 'Email', 'Phone', 'Device MAC', 'Login method', 'Controller',
        'SSID', 'Access point MAC', 'Client IP', `Started (${tz})`, `Expires (${tz})`, `Ended (${tz})`, 'End cause',
        'Minutes allowed', 'Upload limit (Kbps)', 'Download limit (Kbps)', 'Data limit (MB)', 'Bytes up', 'Bytes down',
        'Grant status',
      ]); // prettier-ignore
    },
    async count() {
      return repos.guestSessions.countForDownload(site.id, tz, f);
    },
    async chunk(cursor, size) {
      const rows = await repos.guestSessions.downloadChunk(site.id, tz, f, cursor, size);
      const text = rows
        .map(
          (s) =>
          csvLine([
            s.id, s.guestId, s.firstName, s.lastName, s.email, s.phone, s.mac, s.method, s.family, s.ssid, s.apMac,
            s.clientIp, s.started, s.expires, s.ended, s.endCause, s.minutes, s.upKbps, s.downKbps, s.quotaMb,
            Number(s.bytesUp), Number(s.bytesDown), s.grantStatus,
          ]), // prettier-ignore
        )
        .join('');
      return { text, rows: rows.length, next: nextCursor(rows) };
    },
  };
}

export function exportSource(repos: ExportRepos, kind: GuestExportKind, site: SiteRow, f: GuestFilters): ExportSource {
  return kind === 'guests' ? guestSource(repos, site, f) : sessionSource(repos, site, f);
}
