-- guest_sessions (the portal's logins) partitioned by month of started_at, in UTC, so that years of a large chain
-- stay fast to write and to read and an old month can be archived whole (`npm run archive`, README).
-- A partition `<table>_pYYYY_MM` per month, made ahead by the daily job `session-partitions.ensure`, and a default
-- partition that takes a row of any month without one (a clock far off, months without the job): the job moves
-- such rows into their month's partition when it makes it.
-- A unique key on a partitioned table must hold the partition key: the primary key becomes (id, started_at); ids
-- still come from the same sequence. The two foreign keys that pointed at guest_sessions(id) become the triggers
-- below (what ON DELETE did, and the check on insert), as PostgreSQL cannot point one at a part of a key.
CREATE FUNCTION session_partition_create(parent text, month timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  lo timestamptz := date_trunc('month', month AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  hi timestamptz := (date_trunc('month', month AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  name text := format('%s_p%s', parent, to_char(lo AT TIME ZONE 'UTC', 'YYYY_MM'));
  fallback text := parent || '_default';
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', name, parent);
  -- A partition cannot be attached while the default one holds rows of its range: they move first.
  EXECUTE format('INSERT INTO %I SELECT * FROM %I WHERE started_at >= $1 AND started_at < $2', name, fallback) USING lo, hi;
  EXECUTE format('DELETE FROM %I WHERE started_at >= $1 AND started_at < $2', fallback) USING lo, hi;
  -- The same check as the range, so that attaching does not scan the table again.
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (started_at IS NOT NULL AND started_at >= %L AND started_at < %L)',
    name, name || '_range', lo, hi);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, name, lo, hi);
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', name, name || '_range');
  RETURN true;
END
$$;
--> statement-breakpoint
-- The partitions of this month and the `months_ahead` next ones, and of every month that has rows waiting in the
-- default partition; how many it made. One caller at a time (the job, a migration, the archive command).
CREATE FUNCTION session_partitions_ensure(parent text, months_ahead integer DEFAULT 3) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  this_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  month timestamp;
  made integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('session_partitions_ensure'));
  FOR month IN EXECUTE format(
    'SELECT date_trunc(''month'', started_at AT TIME ZONE ''UTC'') FROM %I GROUP BY 1
     UNION SELECT generate_series($1, $1 + make_interval(months => $2), interval ''1 month'') ORDER BY 1',
    parent || '_default') USING this_month, months_ahead
  LOOP
    IF session_partition_create(parent, month AT TIME ZONE 'UTC') THEN
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END
$$;
--> statement-breakpoint
-- contract: the foreign key to guest_sessions(id) cannot stay on a partitioned table; guest_sessions_references_deleted and guest_session_referenced below do its work, for this release and the previous one alike
ALTER TABLE "voucher_sessions" DROP CONSTRAINT "voucher_sessions_session_id_guest_sessions_id_fk";
--> statement-breakpoint
-- contract: as above
ALTER TABLE "opennds_auth_queue" DROP CONSTRAINT "opennds_auth_queue_session_id_guest_sessions_id_fk";
--> statement-breakpoint
-- contract: the rows are copied into the partitioned table of the same name and columns below, which every release's code uses as before
ALTER TABLE "guest_sessions" RENAME TO "guest_sessions_unpartitioned";
--> statement-breakpoint
-- contract: the index names move to the partitioned table; the old table is dropped below
DROP INDEX "guest_sessions_site_started_idx", "guest_sessions_guest_started_idx", "guest_sessions_site_mac_idx",
  "guest_sessions_radius_username_key", "guest_sessions_open_idx", "guest_sessions_site_ended_idx";
--> statement-breakpoint
-- contract: as above
ALTER TABLE "guest_sessions_unpartitioned" DROP CONSTRAINT "guest_sessions_pkey";
--> statement-breakpoint
ALTER SEQUENCE "guest_sessions_id_seq" OWNED BY NONE;
--> statement-breakpoint
CREATE TABLE "guest_sessions" (
	"id" bigint DEFAULT nextval('guest_sessions_id_seq') NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"guest_id" bigint NOT NULL,
	"device_id" bigint,
	"mac" text,
	"client_ip" text,
	"ap_mac" text,
	"ssid" text,
	"method" text NOT NULL,
	"family" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_cause" text,
	"minutes" integer NOT NULL,
	"up_kbps" integer DEFAULT 0 NOT NULL,
	"down_kbps" integer DEFAULT 0 NOT NULL,
	"quota_mb" integer DEFAULT 0 NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"grant_status" text DEFAULT 'pending' NOT NULL,
	"grant_detail" text DEFAULT '' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"radius_username" text,
	"radius_password_enc" text,
	CONSTRAINT "guest_sessions_pkey" PRIMARY KEY ("id", "started_at")
) PARTITION BY RANGE ("started_at");
--> statement-breakpoint
ALTER SEQUENCE "guest_sessions_id_seq" OWNED BY "guest_sessions"."id";
--> statement-breakpoint
CREATE TABLE "guest_sessions_default" PARTITION OF "guest_sessions" DEFAULT;
--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_device_id_guest_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."guest_devices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "guest_sessions_site_started_idx" ON "guest_sessions" USING btree ("site_id","started_at");
--> statement-breakpoint
CREATE INDEX "guest_sessions_guest_started_idx" ON "guest_sessions" USING btree ("guest_id","started_at");
--> statement-breakpoint
CREATE INDEX "guest_sessions_site_mac_idx" ON "guest_sessions" USING btree ("site_id","mac","started_at");
--> statement-breakpoint
-- Usernames are 72 random bits each (portal/radius-credentials.ts): no longer unique by constraint, which would
-- have to hold started_at.
CREATE INDEX "guest_sessions_radius_username_idx" ON "guest_sessions" USING btree ("radius_username") WHERE "radius_username" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "guest_sessions_open_idx" ON "guest_sessions" USING btree ("site_id","expires_at") WHERE "ended_at" IS NULL AND "grant_status" IN ('granted', 'confirmed');
--> statement-breakpoint
CREATE INDEX "guest_sessions_site_ended_idx" ON "guest_sessions" USING btree ("site_id", "ended_at") WHERE "ended_at" IS NOT NULL;
--> statement-breakpoint
SELECT session_partition_create('guest_sessions', month)
FROM (SELECT DISTINCT date_trunc('month', started_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month FROM "guest_sessions_unpartitioned") AS months;
--> statement-breakpoint
SELECT session_partitions_ensure('guest_sessions');
--> statement-breakpoint
-- Before the triggers: the rollups already count these rows.
INSERT INTO "guest_sessions" SELECT * FROM "guest_sessions_unpartitioned";
--> statement-breakpoint
-- contract: copied into the partitioned guest_sessions above
DROP TABLE "guest_sessions_unpartitioned";
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
-- What the foreign keys' ON DELETE did: a deleted session takes its voucher use with it and leaves the openNDS
-- queue's entry without it. An archived month (a partition detached and dropped, not deleted) keeps both, so that
-- restoring it makes them whole again.
CREATE FUNCTION guest_sessions_references_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM voucher_sessions WHERE session_id IN (SELECT id FROM old_rows);
  UPDATE opennds_auth_queue SET session_id = NULL WHERE session_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guest_sessions_references_deleted AFTER DELETE ON guest_sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION guest_sessions_references_deleted();
--> statement-breakpoint
-- What the foreign keys checked on insert: the session named exists.
CREATE FUNCTION guest_session_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.session_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM guest_sessions WHERE id = NEW.session_id) THEN
    RAISE foreign_key_violation USING MESSAGE = format('%s.session_id %s: no such guest session', TG_TABLE_NAME, NEW.session_id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER voucher_sessions_session_exists BEFORE INSERT OR UPDATE OF session_id ON voucher_sessions
FOR EACH ROW EXECUTE FUNCTION guest_session_referenced();
--> statement-breakpoint
CREATE TRIGGER opennds_auth_queue_session_exists BEFORE INSERT OR UPDATE OF session_id ON opennds_auth_queue
FOR EACH ROW EXECUTE FUNCTION guest_session_referenced();
