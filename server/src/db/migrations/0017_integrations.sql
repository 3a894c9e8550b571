CREATE TABLE "integration_contacts" (
	"integration_id" integer NOT NULL,
	"guest_id" bigint NOT NULL,
	"state" text NOT NULL,
	"synced_seen_at" timestamp with time zone NOT NULL,
	"vendor_id" text,
	"email" text,
	"phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_contacts_integration_id_guest_id_pk" PRIMARY KEY("integration_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "integration_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"integration_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"guest_id" bigint,
	"guest_label" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"contact" jsonb,
	"http_status" integer,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_enc" text,
	"field_map" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"connection_method" text,
	"connection_account" text,
	"status" text DEFAULT 'inactive' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"enabled_at" timestamp with time zone,
	"collect_from" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_until" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_contacts" ADD CONSTRAINT "integration_contacts_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_deliveries_log_idx" ON "integration_deliveries" USING btree ("integration_id","created_at");--> statement-breakpoint
CREATE INDEX "integration_deliveries_due_idx" ON "integration_deliveries" USING btree ("integration_id","next_attempt_at") WHERE status in ('queued', 'retrying');--> statement-breakpoint
CREATE UNIQUE INDEX "integration_deliveries_waiting_key" ON "integration_deliveries" USING btree ("integration_id","guest_id","action") WHERE status in ('queued', 'retrying') and guest_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_site_kind_key" ON "integrations" USING btree ("site_id","kind");--> statement-breakpoint
CREATE INDEX "integrations_enabled_idx" ON "integrations" USING btree ("enabled");