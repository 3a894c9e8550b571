-- radius_sessions (RADIUS accounting, one row per gateway session) partitioned by month of started_at, as
-- guest_sessions is in 0022 (its functions make the partitions). Its id grows to bigint: ten years of a large chain
-- pass 2^31 sessions.
-- The unique index on (nas_client_id, acct_session_id) cannot stay (it would have to hold started_at): the code
-- that upserted on it was replaced in the release of 0022 by an advisory lock per gateway session
-- (domains/routers/radius-sessions.repo.ts). Nodes older than that release must be replaced before this migration
-- runs: their accounting's ON CONFLICT would find no index (README, "Upgrading: expand, then contract").
-- contract: the rows are copied into the partitioned table of the same name and columns below; the code of 0022's release on keeps no ON CONFLICT on it
ALTER TABLE "radius_sessions" RENAME TO "radius_sessions_unpartitioned";
--> statement-breakpoint
-- contract: the index names move to the partitioned table; the old table is dropped below
DROP INDEX "radius_sessions_nas_session_key", "radius_sessions_site_idx";
--> statement-breakpoint
-- contract: as above
ALTER TABLE "radius_sessions_unpartitioned" DROP CONSTRAINT "radius_sessions_pkey";
--> statement-breakpoint
ALTER SEQUENCE "radius_sessions_id_seq" OWNED BY NONE;
--> statement-breakpoint
ALTER SEQUENCE "radius_sessions_id_seq" AS bigint;
--> statement-breakpoint
CREATE TABLE "radius_sessions" (
	"id" bigint DEFAULT nextval('radius_sessions_id_seq') NOT NULL,
	"nas_client_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"acct_session_id" text NOT NULL,
	"user_name" text NOT NULL,
	"calling_station_id" text NOT NULL,
	"status" text NOT NULL,
	"input_octets" bigint DEFAULT 0 NOT NULL,
	"output_octets" bigint DEFAULT 0 NOT NULL,
	"session_time" integer DEFAULT 0 NOT NULL,
	"terminate_cause" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "radius_sessions_pkey" PRIMARY KEY ("id", "started_at")
) PARTITION BY RANGE ("started_at");
--> statement-breakpoint
ALTER SEQUENCE "radius_sessions_id_seq" OWNED BY "radius_sessions"."id";
--> statement-breakpoint
CREATE TABLE "radius_sessions_default" PARTITION OF "radius_sessions" DEFAULT;
--> statement-breakpoint
ALTER TABLE "radius_sessions" ADD CONSTRAINT "radius_sessions_nas_client_id_nas_clients_id_fk" FOREIGN KEY ("nas_client_id") REFERENCES "public"."nas_clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Not unique (see above): the lock keeps one row per gateway session.
CREATE INDEX "radius_sessions_nas_session_idx" ON "radius_sessions" USING btree ("nas_client_id","acct_session_id");
--> statement-breakpoint
CREATE INDEX "radius_sessions_site_idx" ON "radius_sessions" USING btree ("site_id");
--> statement-breakpoint
SELECT session_partition_create('radius_sessions', month)
FROM (SELECT DISTINCT date_trunc('month', started_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month FROM "radius_sessions_unpartitioned") AS months;
--> statement-breakpoint
SELECT session_partitions_ensure('radius_sessions');
--> statement-breakpoint
INSERT INTO "radius_sessions" SELECT * FROM "radius_sessions_unpartitioned";
--> statement-breakpoint
-- contract: copied into the partitioned radius_sessions above
DROP TABLE "radius_sessions_unpartitioned";
