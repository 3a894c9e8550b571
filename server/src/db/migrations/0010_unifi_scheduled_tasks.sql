CREATE TABLE "unifi_scheduled_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"time" text DEFAULT '03:30' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_status" text DEFAULT 'never' NOT NULL,
	"last_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_detail" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unifi_scheduled_tasks" ADD CONSTRAINT "unifi_scheduled_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unifi_scheduled_tasks" ADD CONSTRAINT "unifi_scheduled_tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unifi_scheduled_tasks_site_kind_key" ON "unifi_scheduled_tasks" USING btree ("site_id","kind");--> statement-breakpoint
CREATE INDEX "unifi_scheduled_tasks_due_idx" ON "unifi_scheduled_tasks" USING btree ("next_run_at");