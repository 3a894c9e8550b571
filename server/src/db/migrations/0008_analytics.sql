-- Dashboard analytics (server/src/db/schema/analytics.ts says what each table holds): rollups of
-- guest_sessions kept current by statement-level triggers (one set-based pass per statement, so a portal
-- login, a RADIUS accounting update, a bulk load of millions of rows and a cascade from a deleted guest or
-- site all keep them right), analytics_rebuild() to recompute them from guest_sessions, the index behind
-- "online now", and users' dashboard layouts. A login is a session whose grant_status is granted or
-- confirmed; days and hours are the site's local ones.
CREATE TABLE "analytics_site_hours" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL,
	"dwell_seconds" bigint DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_site_hours_site_id_day_hour_pk" PRIMARY KEY("site_id","day","hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_guest_days" (
	"guest_id" bigint NOT NULL,
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"logins" integer NOT NULL,
	"visit_number" integer NOT NULL,
	"next_day" date,
	"gender" text,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_guest_days_guest_id_day_pk" PRIMARY KEY("guest_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_configs" (
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"layouts" jsonb NOT NULL,
	"hidden" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_configs_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_site_hours" ADD CONSTRAINT "analytics_site_hours_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "analytics_guest_days" ADD CONSTRAINT "analytics_guest_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dashboard_configs" ADD CONSTRAINT "dashboard_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "analytics_guest_days_site_day_idx" ON "analytics_guest_days" USING btree ("site_id","day","next_day","visit_number","gender");
--> statement-breakpoint
-- "Online now": logins not ended, found by site and the end of their time allowance. guest_sessions
-- belongs to the portal's schema file; this index is declared here only.
CREATE INDEX "guest_sessions_open_idx" ON "guest_sessions" USING btree ("site_id","expires_at") WHERE "ended_at" IS NULL AND "grant_status" IN ('granted', 'confirmed');
--> statement-breakpoint
-- The gender slice a guest's answer falls in: female, male, other, or null when they gave none.
CREATE FUNCTION analytics_gender(answer text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN answer IS NULL OR btrim(answer) = '' THEN NULL
    WHEN lower(btrim(answer)) IN ('female', 'male') THEN lower(btrim(answer))
    ELSE 'other'
  END
$$;
--> statement-breakpoint
-- What one login adds to its site's hour: its local day and hour, whether its end is known, how long it
-- lasted (seconds, never negative) and whether that is a bounce (under 300 seconds, BOUNCE_SECONDS of the
-- contract). Written as a set-returning SQL function so the planner inlines it into bulk statements.
CREATE FUNCTION analytics_measures(started_at timestamptz, ended_at timestamptz, tz text)
RETURNS TABLE (day date, hour smallint, ended integer, seconds bigint, bounce integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT (started_at AT TIME ZONE tz)::date,
    extract(hour FROM started_at AT TIME ZONE tz)::smallint,
    (ended_at IS NOT NULL)::integer,
    CASE WHEN ended_at IS NULL THEN 0 ELSE greatest(0, floor(extract(epoch FROM ended_at - started_at)))::bigint END,
    (ended_at IS NOT NULL AND ended_at - started_at < interval '300 seconds')::integer
$$;
--> statement-breakpoint
-- Recomputes the guest-day rows of some guests from guest_sessions, each from a local day on (earlier
-- rows are left as they are; null: all of them). Rows whose values did not change are not rewritten.
-- One generic plan, made once per connection: planning this statement afresh for each login (custom
-- plans) costs more than running it.
CREATE FUNCTION analytics_refresh_guests(guest_ids bigint[], from_days date[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF guest_ids IS NULL OR cardinality(guest_ids) = 0 THEN
    RETURN;
  END IF;
  -- Two transactions refreshing one guest at once would each miss the other's new session: one at a
  -- time per guest (the guest's row locked to commit, in id order; a row lock takes no shared memory, so
  -- a cascade deleting thousands of guests in one transaction is fine), or the whole table for a bulk
  -- change. The portal's login transaction already holds its guest's row.
  IF cardinality(guest_ids) > 64 THEN
    LOCK TABLE analytics_guest_days IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    PERFORM 1 FROM guests WHERE id = ANY (guest_ids) ORDER BY id FOR NO KEY UPDATE;
  END IF;

  WITH affected AS (
    SELECT a.guest_id, coalesce(min(a.from_day), '-infinity'::date) AS from_day
    FROM unnest(guest_ids, from_days) AS a(guest_id, from_day)
    GROUP BY a.guest_id
  ), base AS (
    SELECT a.guest_id, a.from_day,
      (SELECT count(*) FROM analytics_guest_days x WHERE x.guest_id = a.guest_id AND x.day < a.from_day)::integer AS visits_before,
      (SELECT max(x.day) FROM analytics_guest_days x WHERE x.guest_id = a.guest_id AND x.day < a.from_day) AS day_before
    FROM affected a
  ), fresh AS (
    SELECT s.guest_id, l.day, min(s.site_id) AS site_id, count(*)::integer AS logins, max(s.started_at) AS last_login_at
    FROM base b
    JOIN guest_sessions s ON s.guest_id = b.guest_id
      -- A local day starts after 00:00 UTC of the day before, whatever the time zone.
      AND s.started_at >= (b.from_day - 1)::timestamp AT TIME ZONE 'UTC'
      AND s.grant_status IN ('granted', 'confirmed')
    JOIN sites st ON st.id = s.site_id
    CROSS JOIN LATERAL (SELECT (s.started_at AT TIME ZONE st.timezone)::date AS day) l
    WHERE l.day >= b.from_day
    GROUP BY s.guest_id, l.day
  ), numbered AS (
    SELECT f.guest_id, f.day, f.site_id, f.logins, f.last_login_at,
      (b.visits_before + row_number() OVER w)::integer AS visit_number,
      lead(f.day) OVER w AS next_day
    FROM fresh f JOIN base b ON b.guest_id = f.guest_id
    WINDOW w AS (PARTITION BY f.guest_id ORDER BY f.day)
  ), removed AS (
    DELETE FROM analytics_guest_days d USING base b
    WHERE d.guest_id = b.guest_id AND d.day >= b.from_day
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.guest_id = d.guest_id AND f.day = d.day)
  ), relinked AS (
    UPDATE analytics_guest_days d SET next_day = nf.first_day
    FROM (
      SELECT b.guest_id, b.day_before, (SELECT min(f.day) FROM fresh f WHERE f.guest_id = b.guest_id) AS first_day
      FROM base b WHERE b.day_before IS NOT NULL
    ) nf
    WHERE d.guest_id = nf.guest_id AND d.day = nf.day_before AND d.next_day IS DISTINCT FROM nf.first_day
  )
  INSERT INTO analytics_guest_days AS d (guest_id, day, site_id, logins, visit_number, next_day, gender, last_login_at)
  SELECT n.guest_id, n.day, n.site_id, n.logins, n.visit_number, n.next_day, analytics_gender(g.gender), n.last_login_at
  FROM numbered n LEFT JOIN guests g ON g.id = n.guest_id
  ORDER BY n.guest_id, n.day
  ON CONFLICT (guest_id, day) DO UPDATE SET
    site_id = excluded.site_id, logins = excluded.logins, visit_number = excluded.visit_number,
    next_day = excluded.next_day, gender = excluded.gender, last_login_at = excluded.last_login_at
  WHERE (d.site_id, d.logins, d.visit_number, d.next_day, d.gender, d.last_login_at)
    IS DISTINCT FROM (excluded.site_id, excluded.logins, excluded.visit_number, excluded.next_day, excluded.gender, excluded.last_login_at);
END
$$;
--> statement-breakpoint
-- Recomputes both rollups of some sites from guest_sessions (a time zone change, a repair, a bulk load
-- made with triggers off). What it writes is what the triggers keep.
CREATE FUNCTION analytics_rebuild(site_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE analytics_site_hours, analytics_guest_days IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM analytics_site_hours WHERE site_id = ANY (site_ids);
  DELETE FROM analytics_guest_days WHERE site_id = ANY (site_ids);
  INSERT INTO analytics_site_hours (site_id, day, hour, logins, ended, dwell_seconds, bounces)
  SELECT s.site_id, m.day, m.hour, count(*), sum(m.ended), sum(m.seconds), sum(m.bounce)
  FROM guest_sessions s
  JOIN sites st ON st.id = s.site_id
  CROSS JOIN LATERAL analytics_measures(s.started_at, s.ended_at, st.timezone) m
  WHERE s.site_id = ANY (site_ids) AND s.grant_status IN ('granted', 'confirmed')
  GROUP BY s.site_id, m.day, m.hour;
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
  WINDOW w AS (PARTITION BY f.guest_id ORDER BY f.day);
END
$$;
--> statement-breakpoint
-- One pass per statement over the rows it changed: the hours get the difference (race-free increments),
-- the guests touched get their days recomputed from the earliest day the change reaches.
CREATE FUNCTION analytics_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  guest_ids bigint[];
  from_days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.guest_id), array_agg(c.from_day) INTO guest_ids, from_days
    FROM (
      SELECT n.guest_id, min((n.started_at AT TIME ZONE st.timezone)::date) AS from_day
      FROM new_rows n JOIN sites st ON st.id = n.site_id
      WHERE n.grant_status IN ('granted', 'confirmed')
      GROUP BY n.guest_id
    ) c;
    PERFORM analytics_refresh_guests(guest_ids, from_days);
    INSERT INTO analytics_site_hours AS h (site_id, day, hour, logins, ended, dwell_seconds, bounces)
    SELECT n.site_id, m.day, m.hour, count(*), sum(m.ended), sum(m.seconds), sum(m.bounce)
    FROM new_rows n
    JOIN sites st ON st.id = n.site_id
    CROSS JOIN LATERAL analytics_measures(n.started_at, n.ended_at, st.timezone) m
    WHERE n.grant_status IN ('granted', 'confirmed')
    GROUP BY n.site_id, m.day, m.hour
    ORDER BY 1, 2, 3
    ON CONFLICT (site_id, day, hour) DO UPDATE SET
      logins = h.logins + excluded.logins, ended = h.ended + excluded.ended,
      dwell_seconds = h.dwell_seconds + excluded.dwell_seconds, bounces = h.bounces + excluded.bounces;

  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c.guest_id), array_agg(c.from_day) INTO guest_ids, from_days
    FROM (
      SELECT o.guest_id, min((o.started_at AT TIME ZONE st.timezone)::date) AS from_day
      FROM old_rows o LEFT JOIN sites st ON st.id = o.site_id
      WHERE o.grant_status IN ('granted', 'confirmed')
      GROUP BY o.guest_id
    ) c;
    PERFORM analytics_refresh_guests(guest_ids, from_days);
    -- A deleted site's rows go with it (cascade): only sites still there are adjusted.
    UPDATE analytics_site_hours h SET
      logins = h.logins - d.logins, ended = h.ended - d.ended,
      dwell_seconds = h.dwell_seconds - d.seconds, bounces = h.bounces - d.bounces
    FROM (
      SELECT o.site_id, m.day, m.hour, count(*) AS logins, sum(m.ended) AS ended, sum(m.seconds) AS seconds, sum(m.bounce) AS bounces
      FROM old_rows o
      JOIN sites st ON st.id = o.site_id
      CROSS JOIN LATERAL analytics_measures(o.started_at, o.ended_at, st.timezone) m
      WHERE o.grant_status IN ('granted', 'confirmed')
      GROUP BY o.site_id, m.day, m.hour
      ORDER BY 1, 2, 3
    ) d
    WHERE h.site_id = d.site_id AND h.day = d.day AND h.hour = d.hour;

  ELSE
    -- Updates that change nothing counted (RADIUS interim bytes, a grant detail) stop here.
    SELECT array_agg(c.guest_id), array_agg(c.from_day) INTO guest_ids, from_days
    FROM (
      SELECT x.guest_id, min((x.started_at AT TIME ZONE st.timezone)::date) AS from_day
      FROM old_rows o
      JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.guest_id, o.site_id, o.started_at), (n.guest_id, n.site_id, n.started_at)) AS x(guest_id, site_id, started_at)
      LEFT JOIN sites st ON st.id = x.site_id
      WHERE (o.grant_status IN ('granted', 'confirmed')) IS DISTINCT FROM (n.grant_status IN ('granted', 'confirmed'))
        OR ((o.grant_status IN ('granted', 'confirmed') OR n.grant_status IN ('granted', 'confirmed'))
          AND (o.guest_id, o.site_id, o.started_at) IS DISTINCT FROM (n.guest_id, n.site_id, n.started_at))
      GROUP BY x.guest_id
    ) c;
    PERFORM analytics_refresh_guests(guest_ids, from_days);
    INSERT INTO analytics_site_hours AS h (site_id, day, hour, logins, ended, dwell_seconds, bounces)
    SELECT c.site_id, m.day, m.hour, sum(c.sign), sum(c.sign * m.ended), sum(c.sign * m.seconds), sum(c.sign * m.bounce)
    FROM (
      SELECT o.site_id, o.started_at, o.ended_at, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.grant_status IN ('granted', 'confirmed')
        AND (o.grant_status IN ('granted', 'confirmed'), o.site_id, o.started_at, o.ended_at)
          IS DISTINCT FROM (n.grant_status IN ('granted', 'confirmed'), n.site_id, n.started_at, n.ended_at)
      UNION ALL
      SELECT n.site_id, n.started_at, n.ended_at, 1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.grant_status IN ('granted', 'confirmed')
        AND (o.grant_status IN ('granted', 'confirmed'), o.site_id, o.started_at, o.ended_at)
          IS DISTINCT FROM (n.grant_status IN ('granted', 'confirmed'), n.site_id, n.started_at, n.ended_at)
    ) c
    JOIN sites st ON st.id = c.site_id
    CROSS JOIN LATERAL analytics_measures(c.started_at, c.ended_at, st.timezone) m
    GROUP BY c.site_id, m.day, m.hour
    HAVING sum(c.sign) <> 0 OR sum(c.sign * m.ended) <> 0 OR sum(c.sign * m.seconds) <> 0 OR sum(c.sign * m.bounce) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (site_id, day, hour) DO UPDATE SET
      logins = h.logins + excluded.logins, ended = h.ended + excluded.ended,
      dwell_seconds = h.dwell_seconds + excluded.dwell_seconds, bounces = h.bounces + excluded.bounces;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_sessions_inserted AFTER INSERT ON guest_sessions
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_sessions_updated AFTER UPDATE ON guest_sessions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_sessions_deleted AFTER DELETE ON guest_sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_sessions_changed();
--> statement-breakpoint
CREATE FUNCTION analytics_guest_gender_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_guest_days SET gender = analytics_gender(NEW.gender)
  WHERE guest_id = NEW.id AND gender IS DISTINCT FROM analytics_gender(NEW.gender);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_guest_gender AFTER UPDATE OF gender ON guests
FOR EACH ROW WHEN (OLD.gender IS DISTINCT FROM NEW.gender) EXECUTE FUNCTION analytics_guest_gender_changed();
--> statement-breakpoint
CREATE FUNCTION analytics_site_timezone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_rebuild(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_site_timezone AFTER UPDATE OF timezone ON sites
FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION analytics_site_timezone_changed();
--> statement-breakpoint
-- Sessions recorded before this migration.
SELECT analytics_rebuild(ARRAY(SELECT id FROM sites));
