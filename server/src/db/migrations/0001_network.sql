CREATE TABLE "mac_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"mac" text NOT NULL,
	"external_ip" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nas_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"ip_address" text NOT NULL,
	"secret_enc" text NOT NULL,
	"require_message_authenticator" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "radius_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
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
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mac_entries" ADD CONSTRAINT "mac_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_entries" ADD CONSTRAINT "mac_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nas_clients" ADD CONSTRAINT "nas_clients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nas_clients" ADD CONSTRAINT "nas_clients_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radius_sessions" ADD CONSTRAINT "radius_sessions_nas_client_id_nas_clients_id_fk" FOREIGN KEY ("nas_client_id") REFERENCES "public"."nas_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mac_entries_site_mac_key" ON "mac_entries" USING btree ("site_id","mac");--> statement-breakpoint
CREATE UNIQUE INDEX "nas_clients_ip_key" ON "nas_clients" USING btree ("ip_address");--> statement-breakpoint
CREATE INDEX "nas_clients_site_idx" ON "nas_clients" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "radius_sessions_nas_session_key" ON "radius_sessions" USING btree ("nas_client_id","acct_session_id");--> statement-breakpoint
CREATE INDEX "radius_sessions_site_idx" ON "radius_sessions" USING btree ("site_id");