CREATE TABLE "analytics_account_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"gender" text NOT NULL,
	"days_to_next" integer NOT NULL,
	"guests" integer NOT NULL,
	"new_guests" integer NOT NULL,
	CONSTRAINT "analytics_account_days_account_id_day_gender_days_to_next_pk" PRIMARY KEY("account_id","day","gender","days_to_next")
);
--> statement-breakpoint
CREATE TABLE "analytics_account_hours" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL,
	"dwell_seconds" bigint DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_account_hours_account_id_day_hour_pk" PRIMARY KEY("account_id","day","hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_account_segments" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"segment" smallint NOT NULL,
	"days_to_next" integer NOT NULL,
	"guests" integer NOT NULL,
	CONSTRAINT "analytics_account_segments_account_id_day_segment_days_to_next_pk" PRIMARY KEY("account_id","day","segment","days_to_next")
);
--> statement-breakpoint
ALTER TABLE "analytics_account_days" ADD CONSTRAINT "analytics_account_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_account_hours" ADD CONSTRAINT "analytics_account_hours_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_account_segments" ADD CONSTRAINT "analytics_account_segments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The control panel's rollups (server/src/db/schema/analytics.ts): analytics_site_hours and
-- analytics_guest_days summed over each account's sites, kept by statement-level triggers on those two
-- tables, so whatever changes a site's rows (a login, RADIUS, an erasure, a cascade) changes its account's in
-- the same statement; a site's deletion and analytics_rebuild() adjust them in one pass of their own. Rows
-- whose counts fall to zero stay until a rebuild: they count for nothing.
--
-- The first visit number of the contract's VISIT_SEGMENTS segment a visit falls in (1, 2-5, 6-10, 11+); a
-- test holds it to the contract.
CREATE FUNCTION analytics_visit_segment(visit_number integer) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN visit_number <= 1 THEN 1 WHEN visit_number <= 5 THEN 2 WHEN visit_number <= 10 THEN 6 ELSE 11 END)::smallint
$$;
--> statement-breakpoint
-- The accounts analytics_rebuild() is rebuilding in this transaction: the triggers leave them alone meanwhile.
CREATE FUNCTION analytics_accounts_rebuilding() RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('splashboard.analytics_rebuilding', true), ''), '{}')::integer[]
$$;
--> statement-breakpoint
-- Adds signed guest-days (+1 a row that is now there, -1 one that was) to their accounts' rows. Sites and
-- accounts already deleted are left out: a site's rows were taken off before it went (analytics_site_removed)
-- and an account's go with it.
CREATE FUNCTION analytics_account_days_add(site_ids integer[], days date[], genders text[], visit_numbers integer[],
  next_days date[], signs integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF site_ids IS NULL THEN
    RETURN;
  END IF;
  WITH c AS (
    SELECT st.account_id, r.day, coalesce(r.gender, 'unknown') AS gender, analytics_visit_segment(r.visit_number) AS segment,
      coalesce(r.next_day - r.day, 0) AS days_to_next, r.visit_number = 1 AS first_visit, r.sign
    FROM unnest(site_ids, days, genders, visit_numbers, next_days, signs) AS r(site_id, day, gender, visit_number, next_day, sign)
    JOIN sites st ON st.id = r.site_id
    JOIN accounts a ON a.id = st.account_id
    WHERE st.account_id <> ALL (analytics_accounts_rebuilding())
  ), by_gender AS (
    INSERT INTO analytics_account_days AS d (account_id, day, gender, days_to_next, guests, new_guests)
    SELECT account_id, day, gender, days_to_next, sum(sign), coalesce(sum(sign) FILTER (WHERE first_visit), 0)
    FROM c
    GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR sum(sign) FILTER (WHERE first_visit) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, day, gender, days_to_next) DO UPDATE SET
      guests = d.guests + excluded.guests, new_guests = d.new_guests + excluded.new_guests
  )
  INSERT INTO analytics_account_segments AS s (account_id, day, segment, days_to_next, guests)
  SELECT account_id, day, segment, days_to_next, sum(sign)
  FROM c
  GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, day, segment, days_to_next) DO UPDATE SET guests = s.guests + excluded.guests;
END
$$;
--> statement-breakpoint
-- Adds signed site-hours (a row's values now, minus what they were) to their accounts' hours, as above.
CREATE FUNCTION analytics_account_hours_add(site_ids integer[], days date[], hours smallint[], logins integer[],
  ended integer[], seconds bigint[], bounces integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF site_ids IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO analytics_account_hours AS h (account_id, day, hour, logins, ended, dwell_seconds, bounces)
  SELECT st.account_id, r.day, r.hour, sum(r.logins), sum(r.ended), sum(r.seconds), sum(r.bounces)
  FROM unnest(site_ids, days, hours, logins, ended, seconds, bounces) AS r(site_id, day, hour, logins, ended, seconds, bounces)
  JOIN sites st ON st.id = r.site_id
  JOIN accounts a ON a.id = st.account_id
  WHERE st.account_id <> ALL (analytics_accounts_rebuilding())
  GROUP BY 1, 2, 3
  HAVING sum(r.logins) <> 0 OR sum(r.ended) <> 0 OR sum(r.seconds) <> 0 OR sum(r.bounces) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (account_id, day, hour) DO UPDATE SET
    logins = h.logins + excluded.logins, ended = h.ended + excluded.ended,
    dwell_seconds = h.dwell_seconds + excluded.dwell_seconds, bounces = h.bounces + excluded.bounces;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_guest_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_account_days_add(array_agg(n.site_id), array_agg(n.day), array_agg(n.gender), array_agg(n.visit_number),
      array_agg(n.next_day), array_agg(1))
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_account_days_add(array_agg(o.site_id), array_agg(o.day), array_agg(o.gender), array_agg(o.visit_number),
      array_agg(o.next_day), array_agg(-1))
    FROM old_rows o;
  ELSE
    -- Rows whose counted values did not change (another login the same day) are left out.
    PERFORM analytics_account_days_add(array_agg(c.site_id), array_agg(c.day), array_agg(c.gender), array_agg(c.visit_number),
      array_agg(c.next_day), array_agg(c.sign))
    FROM (
      SELECT n.site_id, n.day, n.gender, n.visit_number, n.next_day, 1 AS sign FROM new_rows n
      WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.guest_id = n.guest_id AND o.day = n.day
        AND (o.site_id, o.gender, o.visit_number, o.next_day) IS NOT DISTINCT FROM (n.site_id, n.gender, n.visit_number, n.next_day))
      UNION ALL
      SELECT o.site_id, o.day, o.gender, o.visit_number, o.next_day, -1 FROM old_rows o
      WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.guest_id = o.guest_id AND n.day = o.day
        AND (o.site_id, o.gender, o.visit_number, o.next_day) IS NOT DISTINCT FROM (n.site_id, n.gender, n.visit_number, n.next_day))
    ) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_site_hours_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_account_hours_add(array_agg(n.site_id), array_agg(n.day), array_agg(n.hour), array_agg(n.logins),
      array_agg(n.ended), array_agg(n.dwell_seconds), array_agg(n.bounces))
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_account_hours_add(array_agg(o.site_id), array_agg(o.day), array_agg(o.hour), array_agg(-o.logins),
      array_agg(-o.ended), array_agg(-o.dwell_seconds), array_agg(-o.bounces))
    FROM old_rows o;
  ELSE
    PERFORM analytics_account_hours_add(array_agg(c.site_id), array_agg(c.day), array_agg(c.hour), array_agg(c.logins),
      array_agg(c.ended), array_agg(c.dwell_seconds), array_agg(c.bounces))
    FROM (
      SELECT n.site_id, n.day, n.hour, n.logins, n.ended, n.dwell_seconds, n.bounces FROM new_rows n
      UNION ALL
      SELECT o.site_id, o.day, o.hour, -o.logins, -o.ended, -o.dwell_seconds, -o.bounces FROM old_rows o
    ) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_guest_days_inserted AFTER INSERT ON analytics_guest_days
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_guest_days_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_guest_days_updated AFTER UPDATE ON analytics_guest_days
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_guest_days_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_guest_days_deleted AFTER DELETE ON analytics_guest_days
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_guest_days_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_site_hours_inserted AFTER INSERT ON analytics_site_hours
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_site_hours_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_site_hours_updated AFTER UPDATE ON analytics_site_hours
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_site_hours_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_site_hours_deleted AFTER DELETE ON analytics_site_hours
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_site_hours_changed();
--> statement-breakpoint
-- Adds `sign` times what some sites' rows hold to their accounts' rows, in one pass over those rows: +1 to
-- count them in, -1 to take them off (before the rows go or are rebuilt).
CREATE FUNCTION analytics_account_sites_add(site_ids integer[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_account_hours AS h (account_id, day, hour, logins, ended, dwell_seconds, bounces)
  SELECT st.account_id, x.day, x.hour, sign * sum(x.logins), sign * sum(x.ended), sign * sum(x.dwell_seconds), sign * sum(x.bounces)
  FROM analytics_site_hours x
  JOIN sites st ON st.id = x.site_id
  JOIN accounts a ON a.id = st.account_id
  WHERE x.site_id = ANY (site_ids)
  GROUP BY 1, 2, 3
  HAVING (sum(x.logins), sum(x.ended), sum(x.dwell_seconds), sum(x.bounces)) <> (0, 0, 0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT (account_id, day, hour) DO UPDATE SET
    logins = h.logins + excluded.logins, ended = h.ended + excluded.ended,
    dwell_seconds = h.dwell_seconds + excluded.dwell_seconds, bounces = h.bounces + excluded.bounces;
  WITH c AS (
    SELECT st.account_id, d.day, coalesce(d.gender, 'unknown') AS gender, analytics_visit_segment(d.visit_number) AS segment,
      coalesce(d.next_day - d.day, 0) AS days_to_next, d.visit_number = 1 AS first_visit
    FROM analytics_guest_days d
    JOIN sites st ON st.id = d.site_id
    JOIN accounts a ON a.id = st.account_id
    WHERE d.site_id = ANY (site_ids)
  ), by_gender AS (
    INSERT INTO analytics_account_days AS d (account_id, day, gender, days_to_next, guests, new_guests)
    SELECT account_id, day, gender, days_to_next, sign * count(*), sign * count(*) FILTER (WHERE first_visit)
    FROM c
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, day, gender, days_to_next) DO UPDATE SET
      guests = d.guests + excluded.guests, new_guests = d.new_guests + excluded.new_guests
  )
  INSERT INTO analytics_account_segments AS s (account_id, day, segment, days_to_next, guests)
  SELECT account_id, day, segment, days_to_next, sign * count(*)
  FROM c
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, day, segment, days_to_next) DO UPDATE SET guests = s.guests + excluded.guests;
END
$$;
--> statement-breakpoint
-- A site's rows go by cascade once it is deleted, when its account can no longer be found from them: they
-- are taken off its account's rows just before.
CREATE FUNCTION analytics_site_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_account_sites_add(ARRAY[OLD.id], -1);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_site_removed BEFORE DELETE ON sites
FOR EACH ROW EXECUTE FUNCTION analytics_site_removed();
--> statement-breakpoint
-- Recomputes the account rollups of some accounts from their sites' rollups.
CREATE FUNCTION analytics_rebuild_accounts(account_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_account_hours WHERE account_id = ANY (account_ids);
  DELETE FROM analytics_account_days WHERE account_id = ANY (account_ids);
  DELETE FROM analytics_account_segments WHERE account_id = ANY (account_ids);
  PERFORM analytics_account_sites_add(ARRAY(SELECT id FROM sites WHERE account_id = ANY (account_ids)), 1);
END
$$;
--> statement-breakpoint
-- Recomputes the rollups of some sites from guest_sessions (a time zone change, a repair, a bulk load made
-- with triggers off), and the account rollups with them: whole for an account whose sites are all among
-- them; for the others, the difference between the sites' old rows and new ones (taken from the delete and
-- the insert, added in one pass). The triggers on the sites' rollups stand aside meanwhile. What it writes is
-- what the triggers keep.
CREATE OR REPLACE FUNCTION analytics_rebuild(site_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  accounts integer[];
  whole integer[];
  partial_sites integer[];
  -- The partial sites' hours and guest-days, old ones negated, then new ones.
  h_sites integer[]; h_days date[]; h_hours smallint[]; h_logins integer[]; h_ended integer[]; h_seconds bigint[]; h_bounces integer[];
  d_sites integer[]; d_days date[]; d_genders text[]; d_visits integer[]; d_next date[]; d_signs integer[];
BEGIN
  LOCK TABLE analytics_site_hours, analytics_guest_days, analytics_account_hours, analytics_account_days,
    analytics_account_segments IN SHARE ROW EXCLUSIVE MODE;
  SELECT coalesce(array_agg(DISTINCT account_id), '{}') INTO accounts FROM sites WHERE id = ANY (site_ids);
  SELECT coalesce(array_agg(a), '{}') INTO whole FROM unnest(accounts) a
  WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.account_id = a AND s.id <> ALL (site_ids));
  SELECT coalesce(array_agg(id), '{}') INTO partial_sites FROM sites WHERE id = ANY (site_ids) AND account_id <> ALL (whole);
  PERFORM set_config('splashboard.analytics_rebuilding', accounts::text, true);

  WITH gone AS (DELETE FROM analytics_site_hours WHERE site_id = ANY (site_ids) RETURNING *)
  SELECT array_agg(site_id), array_agg(day), array_agg(hour), array_agg(-logins), array_agg(-ended), array_agg(-dwell_seconds),
    array_agg(-bounces)
  INTO h_sites, h_days, h_hours, h_logins, h_ended, h_seconds, h_bounces
  FROM gone WHERE site_id = ANY (partial_sites);
  WITH gone AS (DELETE FROM analytics_guest_days WHERE site_id = ANY (site_ids) RETURNING *)
  SELECT array_agg(site_id), array_agg(day), array_agg(gender), array_agg(visit_number), array_agg(next_day), array_agg(-1)
  INTO d_sites, d_days, d_genders, d_visits, d_next, d_signs
  FROM gone WHERE site_id = ANY (partial_sites);

  WITH made AS (
    INSERT INTO analytics_site_hours (site_id, day, hour, logins, ended, dwell_seconds, bounces)
    SELECT s.site_id, m.day, m.hour, count(*), sum(m.ended), sum(m.seconds), sum(m.bounce)
    FROM guest_sessions s
    JOIN sites st ON st.id = s.site_id
    CROSS JOIN LATERAL analytics_measures(s.started_at, s.ended_at, st.timezone) m
    WHERE s.site_id = ANY (site_ids) AND s.grant_status IN ('granted', 'confirmed')
    GROUP BY s.site_id, m.day, m.hour
    RETURNING *
  )
  SELECT h_sites || array_agg(site_id), h_days || array_agg(day), h_hours || array_agg(hour), h_logins || array_agg(logins),
    h_ended || array_agg(ended), h_seconds || array_agg(dwell_seconds), h_bounces || array_agg(bounces)
  INTO h_sites, h_days, h_hours, h_logins, h_ended, h_seconds, h_bounces
  FROM made WHERE site_id = ANY (partial_sites);
  WITH made AS (
    INSERT INTO analytics_guest_days (guest_id, day, site_id, logins, visit_number, next_day, gender, last_login_at)
    SELECT f.guest_id, f.day, f.site_id, f.logins, row_number() OVER w, lead(f.day) OVER w, analytics_gender(g.gender), f.last_login_at
    FROM (
      SELECT s.guest_id, (s.started_at AT TIME ZONE st.timezone)::date AS day, min(s.site_id) AS site_id,
        count(*)::integer AS logins, max(s.started_at) AS last_login_at
      FROM guest_sessions s
      JOIN sites st ON st.id = s.site_id
      WHERE s.site_id = ANY (site_ids) AND s.grant_status IN ('granted', 'confirmed')
      GROUP BY 1, 2
    ) f
    LEFT JOIN guests g ON g.id = f.guest_id
    WINDOW w AS (PARTITION BY f.guest_id ORDER BY f.day)
    RETURNING *
  )
  SELECT d_sites || array_agg(site_id), d_days || array_agg(day), d_genders || array_agg(gender),
    d_visits || array_agg(visit_number), d_next || array_agg(next_day), d_signs || array_agg(1)
  INTO d_sites, d_days, d_genders, d_visits, d_next, d_signs
  FROM made WHERE site_id = ANY (partial_sites);

  PERFORM set_config('splashboard.analytics_rebuilding', whole::text, true);
  PERFORM analytics_account_hours_add(h_sites, h_days, h_hours, h_logins, h_ended, h_seconds, h_bounces);
  PERFORM analytics_account_days_add(d_sites, d_days, d_genders, d_visits, d_next, d_signs);
  PERFORM analytics_rebuild_accounts(whole);
  PERFORM set_config('splashboard.analytics_rebuilding', '', true);
END
$$;
--> statement-breakpoint
-- The accounts' rollups from what their sites hold now (the triggers above keep them from here on; same
-- transaction, so nothing is missed).
SELECT analytics_rebuild_accounts(ARRAY(SELECT id FROM accounts));
--> statement-breakpoint
-- The control panel's voucher tiles (every site of an account): the vouchers that can still count now
-- (neither used up in time nor past their batch's end), and those first used in a period, found by account
-- and read from the index alone. vouchers belongs to the vouchers' schema file; these are declared here only.
CREATE INDEX "vouchers_account_unexpired_idx" ON "vouchers" USING btree ("account_id", (coalesce("expires_at", 'infinity'::timestamptz))) INCLUDE ("batch_id", "activated_at", "expires_at", "id");
--> statement-breakpoint
CREATE INDEX "vouchers_account_activated_idx" ON "vouchers" USING btree ("account_id", "activated_at") INCLUDE ("batch_id");
