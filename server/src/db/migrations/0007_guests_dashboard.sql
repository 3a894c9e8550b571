-- The dashboard's guest list and downloads: a trigram index for the search (pg_trgm ships with
-- PostgreSQL and is loaded into PGlite by db/client.ts), the last-seen index with the id so any page
-- of the list is read from the index alone, and the table of CSV downloads.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- contract: no code names an index; the queries that read this one are served by the next, wider one.
DROP INDEX IF EXISTS "guests_site_last_seen_idx";
--> statement-breakpoint
CREATE INDEX "guests_site_last_seen_id_idx" ON "guests" USING btree ("site_id","last_seen_at","id");
--> statement-breakpoint
CREATE INDEX "guests_search_trgm_idx" ON "guests" USING gin (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "guest_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "guest_exports" ADD CONSTRAINT "guest_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_exports" ADD CONSTRAINT "guest_exports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_exports" ADD CONSTRAINT "guest_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_exports_site_created_idx" ON "guest_exports" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "guest_exports_created_idx" ON "guest_exports" USING btree ("created_at");
