CREATE TABLE "consent_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"version" integer NOT NULL,
	"hash" text NOT NULL,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"guest_id" bigint NOT NULL,
	"consent_text_id" integer NOT NULL,
	"kind" text NOT NULL,
	"granted" boolean NOT NULL,
	"mac" text,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"guest_id" bigint NOT NULL,
	"mac" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"device_type" text DEFAULT 'other' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
	"radius_password_enc" text
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"identity" text NOT NULL,
	"email" text,
	"phone" text,
	"first_name" text,
	"last_name" text,
	"gender" text,
	"birthday" text,
	"country" text,
	"postcode" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"first_method" text NOT NULL,
	"last_method" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "controller_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"family" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_enc" text,
	"lookup_key" text,
	"known_aps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'Not configured' NOT NULL,
	"status_detail" text DEFAULT '' NOT NULL,
	"status_checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_gateways" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_enc" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "portal_key" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_consents" ADD CONSTRAINT "guest_consents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_consents" ADD CONSTRAINT "guest_consents_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_consents" ADD CONSTRAINT "guest_consents_consent_text_id_consent_texts_id_fk" FOREIGN KEY ("consent_text_id") REFERENCES "public"."consent_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_devices" ADD CONSTRAINT "guest_devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_devices" ADD CONSTRAINT "guest_devices_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_device_id_guest_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."guest_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controller_settings" ADD CONSTRAINT "controller_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controller_settings" ADD CONSTRAINT "controller_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_challenges" ADD CONSTRAINT "portal_challenges_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_gateways" ADD CONSTRAINT "sms_gateways_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_gateways" ADD CONSTRAINT "sms_gateways_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_texts_site_hash_key" ON "consent_texts" USING btree ("site_id","hash");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_texts_site_version_key" ON "consent_texts" USING btree ("site_id","version");--> statement-breakpoint
CREATE INDEX "guest_consents_guest_idx" ON "guest_consents" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_devices_site_mac_key" ON "guest_devices" USING btree ("site_id","mac");--> statement-breakpoint
CREATE INDEX "guest_devices_guest_idx" ON "guest_devices" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "guest_sessions_site_started_idx" ON "guest_sessions" USING btree ("site_id","started_at");--> statement-breakpoint
CREATE INDEX "guest_sessions_guest_started_idx" ON "guest_sessions" USING btree ("guest_id","started_at");--> statement-breakpoint
CREATE INDEX "guest_sessions_site_mac_idx" ON "guest_sessions" USING btree ("site_id","mac","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_sessions_radius_username_key" ON "guest_sessions" USING btree ("radius_username");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_site_identity_key" ON "guests" USING btree ("site_id","identity");--> statement-breakpoint
CREATE INDEX "guests_site_last_seen_idx" ON "guests" USING btree ("site_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "guests_site_first_seen_idx" ON "guests" USING btree ("site_id","first_seen_at");--> statement-breakpoint
CREATE INDEX "controller_settings_lookup_idx" ON "controller_settings" USING btree ("family","lookup_key");--> statement-breakpoint
CREATE INDEX "portal_challenges_expires_idx" ON "portal_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_portal_key_key" ON "sites" USING btree ("portal_key");