import { preparedSql, type Database, type Executor } from '../../db/client.ts';

/** The guest of a login, as guests.repo's upsertForLogin writes it. */
export interface LoginGuest {
  accountId: number;
  siteId: number;
  identity: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  gender: string | null;
  birthday: string | null;
  country: string | null;
  postcode: string | null;
  fields: Record<string, string | boolean>;
  /** Undefined: the form had no marketing box, so a returning guest keeps the answer they gave before. */
  marketingConsent: boolean | undefined;
  method: string;
}

/** One login's rows: the guest, their device, their consents and a pending session, in that order. */
export interface LoginRows {
  guest: LoginGuest;
  now: Date;
  device: { mac: string; userAgent: string; deviceType: string; os: string } | null;
  consents: {
    consentTextId: number;
    kinds: { kind: string; granted: boolean }[];
    mac: string | null;
    ip: string;
    userAgent: string;
  } | null;
  session: {
    mac: string | null;
    clientIp: string | null;
    apMac: string | null;
    ssid: string | null;
    family: string;
    expiresAt: Date;
    minutes: number;
    upKbps: number;
    downKbps: number;
    quotaMb: number;
  } | null;
}

const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));

type Shape = { device: boolean; consents: number; session: boolean; keepMarketing: boolean };

/**
 * The statement of one shape of login (with a device or not, how many consents, with a session or not,
 * a marketing answer given or not): data-modifying CTEs that upsert the guest and the device, add the
 * consents and start the session, each using the ids the ones before return. Values in order: guest,
 * device, consents, session.
 */
function statementText(shape: Shape): string {
  let n = 0;
  const $ = (cast: string) => `$${++n}::${cast}`;
  let text = `with g as (
  insert into guests (account_id, site_id, identity, email, phone, first_name, last_name, gender, birthday, country,
    postcode, fields, marketing_consent, first_method, last_method, visits)
  values (${$('int')}, ${$('int')}, ${$('text')}, ${$('text')}, ${$('text')}, ${$('text')}, ${$('text')}, ${$('text')},
    ${$('text')}, ${$('text')}, ${$('text')}, ${$('jsonb')}, ${$('boolean')}, ${$('text')}, ${$('text')}, 1)
  on conflict (site_id, identity) do update set
    email = coalesce(excluded.email, guests.email),
    phone = coalesce(excluded.phone, guests.phone),
    first_name = coalesce(excluded.first_name, guests.first_name),
    last_name = coalesce(excluded.last_name, guests.last_name),
    gender = coalesce(excluded.gender, guests.gender),
    birthday = coalesce(excluded.birthday, guests.birthday),
    country = coalesce(excluded.country, guests.country),
    postcode = coalesce(excluded.postcode, guests.postcode),
    fields = guests.fields || excluded.fields,
    marketing_consent = ${shape.keepMarketing ? 'guests.marketing_consent' : 'excluded.marketing_consent'},
    last_method = excluded.last_method,
    last_seen_at = ${$('timestamptz')},
    visits = guests.visits + 1
  returning id, account_id, site_id)`;
  const now = `$${n}`;
  if (shape.device)
    text += `, d as (
  insert into guest_devices (account_id, site_id, guest_id, mac, user_agent, device_type, os)
  select g.account_id, g.site_id, g.id, ${$('text')}, ${$('text')}, ${$('text')}, ${$('text')} from g
  on conflict (site_id, mac) do update set
    guest_id = excluded.guest_id, user_agent = excluded.user_agent, device_type = excluded.device_type, os = excluded.os,
    last_seen_at = ${now}
  returning id)`;
  if (shape.consents) {
    const textId = $('int');
    const rows = Array.from({ length: shape.consents }, (_, i) => `(${i}, ${$('text')}, ${$('boolean')})`).join(', ');
    // In the order given (ids ascending), as one insert of several rows would.
    text += `, c as (
  insert into guest_consents (account_id, site_id, guest_id, consent_text_id, kind, granted, mac, ip, user_agent)
  select g.account_id, g.site_id, g.id, ${textId}, k.kind, k.granted, ${$('text')}, ${$('text')}, ${$('text')}
  from g cross join (values ${rows}) as k(n, kind, granted) order by k.n)`;
  }
  if (shape.session)
    text += `, s as (
  insert into guest_sessions (account_id, site_id, guest_id, device_id, mac, client_ip, ap_mac, ssid, method, family,
    expires_at, minutes, up_kbps, down_kbps, quota_mb, started_at)
  select g.account_id, g.site_id, g.id, ${shape.device ? '(select id from d)' : 'null'}, ${$('text')}, ${$('text')},
    ${$('text')}, ${$('text')}, ${$('text')}, ${$('text')}, ${$('timestamptz')}, ${$('int')}, ${$('int')}, ${$('int')},
    ${$('int')}, ${now}
  from g
  returning id)`;
  return `${text}
select g.id as guest_id, ${shape.device ? '(select id from d)' : 'null::bigint'} as device_id,
  ${shape.session ? '(select id from s)' : 'null::bigint'} as session_id
from g`;
}

type Ids = { guest_id: unknown; device_id: unknown; session_id: unknown };

/**
 * A guest login written in one statement (see statementText): one statement is atomic by itself (no
 * BEGIN and COMMIT round trips), so a login costs one round trip to the database instead of six, and
 * the statement is prepared once per shape. The rows are the ones the guest, device, consent and
 * session inserts of guests.repo and guest-sessions.repo would write one by one.
 */
export function createLoginRecordsRepo(db: Database) {
  const statements = new Map<string, ReturnType<typeof preparedSql<Ids>>>();
  return {
    /** Writes the rows (inside `tx` when given: a method's own rows follow in the same transaction). */
    async record(rows: LoginRows, tx: Executor = db) {
      const { guest: g, device: d, consents: c, session: s } = rows;
      const now = rows.now.toISOString();
      const shape: Shape = {
        device: !!d,
        consents: c?.kinds.length ?? 0,
        session: !!s,
        keepMarketing: g.marketingConsent === undefined,
      };
      const key = `login_record_${+shape.device}${shape.consents}${+shape.session}${+shape.keepMarketing}`;
      let statement = statements.get(key);
      if (!statement) statements.set(key, (statement = preparedSql<Ids>(key, statementText(shape))));
      const values: unknown[] = [
        g.accountId, g.siteId, g.identity, g.email, g.phone, g.firstName, g.lastName, g.gender, g.birthday, g.country,
        g.postcode, JSON.stringify(g.fields), g.marketingConsent ?? false, g.method, g.method, now,
      ]; // prettier-ignore
      if (d) values.push(d.mac, d.userAgent, d.deviceType, d.os);
      if (c?.kinds.length) {
        values.push(c.consentTextId);
        for (const k of c.kinds) values.push(k.kind, k.granted);
        values.push(c.mac, c.ip, c.userAgent);
      }
      if (s)
        values.push(
          s.mac, s.clientIp, s.apMac, s.ssid, g.method, s.family, s.expiresAt.toISOString(), s.minutes, s.upKbps, s.downKbps,
          s.quotaMb,
        ); // prettier-ignore
      const [row] = await statement(tx, values);
      return { guestId: id(row!.guest_id)!, deviceId: id(row!.device_id), sessionId: id(row!.session_id) };
    },
  };
}
export type LoginRecordsRepo = ReturnType<typeof createLoginRecordsRepo>;
