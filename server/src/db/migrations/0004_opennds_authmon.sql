CREATE TABLE "opennds_auth_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"session_id" bigint,
	"gateway_hash" text NOT NULL,
	"rhid" text NOT NULL,
	"entry" text NOT NULL,
	"client_mac" text,
	"gateway_address" text NOT NULL,
	"wait_token_hash" text NOT NULL,
	"continue_url" text DEFAULT '' NOT NULL,
	"deliveries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	"drop_reason" text
);
--> statement-breakpoint
ALTER TABLE "opennds_auth_queue" ADD CONSTRAINT "opennds_auth_queue_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opennds_auth_queue" ADD CONSTRAINT "opennds_auth_queue_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opennds_auth_queue" ADD CONSTRAINT "opennds_auth_queue_session_id_guest_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."guest_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opennds_auth_queue_gateway_rhid_key" ON "opennds_auth_queue" USING btree ("site_id","gateway_hash","rhid");--> statement-breakpoint
CREATE UNIQUE INDEX "opennds_auth_queue_wait_token_key" ON "opennds_auth_queue" USING btree ("wait_token_hash");--> statement-breakpoint
CREATE INDEX "opennds_auth_queue_created_idx" ON "opennds_auth_queue" USING btree ("created_at");