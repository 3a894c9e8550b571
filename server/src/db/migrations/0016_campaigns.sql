CREATE TABLE "account_mail_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_security" text DEFAULT 'starttls' NOT NULL,
	"smtp_username" text DEFAULT '' NOT NULL,
	"smtp_password_enc" text,
	"from_name" text DEFAULT '' NOT NULL,
	"from_email" text DEFAULT '' NOT NULL,
	"send_rate_per_minute" integer DEFAULT 600 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_opt_ins" (
	"guest_id" bigint PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"guest_id" bigint,
	"email" text NOT NULL,
	"period_key" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_site_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"opt_in_type" text DEFAULT 'single' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_unsubscribes" (
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"recipient_id" bigint,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_unsubscribes_site_id_email_pk" PRIMARY KEY("site_id","email")
);
--> statement-breakpoint
CREATE TABLE "email_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"template_id" text,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"campaign_type" text DEFAULT 'email' NOT NULL,
	"trigger_type" text DEFAULT 'connect' NOT NULL,
	"trigger_param" integer DEFAULT 1 NOT NULL,
	"trigger_param_type" text DEFAULT 'days' NOT NULL,
	"email_type" text DEFAULT 'Html' NOT NULL,
	"campaign_html" text DEFAULT '' NOT NULL,
	"campaign_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"plain_text" text DEFAULT '' NOT NULL,
	"run_now" boolean DEFAULT true NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"sending_frequency" text DEFAULT 'only_once' NOT NULL,
	"sending_period_days" integer DEFAULT 30 NOT NULL,
	"track_opens" boolean DEFAULT true NOT NULL,
	"track_clicks" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "splash_ab_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"kept_variant_id" integer
);
--> statement-breakpoint
CREATE TABLE "splash_ab_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	"design" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "splash_ad_daily_counts" (
	"ad_id" integer NOT NULL,
	"day" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "splash_ad_daily_counts_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "splash_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"template_id" text,
	"name" text NOT NULL,
	"splashad_html" text DEFAULT '' NOT NULL,
	"splashad_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"placement" text DEFAULT 'before_login' NOT NULL,
	"autoskip" boolean DEFAULT true NOT NULL,
	"autoskiptime" integer DEFAULT 5 NOT NULL,
	"run_now" boolean DEFAULT true NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"active" integer DEFAULT 1 NOT NULL,
	"trigger_type" text DEFAULT 'always' NOT NULL,
	"trigger_param" integer,
	"rules_chaining" text DEFAULT 'and' NOT NULL,
	"enable_rules" boolean DEFAULT false NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "splash_funnel_counts" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"variant_id" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"method_chosen" integer DEFAULT 0 NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "splash_funnel_counts_site_id_day_variant_id_pk" PRIMARY KEY("site_id","day","variant_id")
);
--> statement-breakpoint
ALTER TABLE "account_mail_settings" ADD CONSTRAINT "account_mail_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_opt_ins" ADD CONSTRAINT "campaign_opt_ins_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_opt_ins" ADD CONSTRAINT "campaign_opt_ins_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_site_settings" ADD CONSTRAINT "campaign_site_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_unsubscribes" ADD CONSTRAINT "campaign_unsubscribes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_ab_tests" ADD CONSTRAINT "splash_ab_tests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_ab_variants" ADD CONSTRAINT "splash_ab_variants_test_id_splash_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."splash_ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_ad_daily_counts" ADD CONSTRAINT "splash_ad_daily_counts_ad_id_splash_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."splash_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_ads" ADD CONSTRAINT "splash_ads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_ads" ADD CONSTRAINT "splash_ads_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_funnel_counts" ADD CONSTRAINT "splash_funnel_counts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_opt_ins_token_key" ON "campaign_opt_ins" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_once_key" ON "campaign_recipients" USING btree ("campaign_id","guest_id","period_key") WHERE "campaign_recipients"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_idx" ON "campaign_recipients" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_recipients_queued_idx" ON "campaign_recipients" USING btree ("created_at") WHERE "campaign_recipients"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "email_campaigns_site_idx" ON "email_campaigns" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "email_campaigns_live_idx" ON "email_campaigns" USING btree ("trigger_type","site_id") WHERE "email_campaigns"."active" and "email_campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "splash_ab_tests_site_idx" ON "splash_ab_tests" USING btree ("site_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "splash_ab_tests_one_running_key" ON "splash_ab_tests" USING btree ("site_id") WHERE "splash_ab_tests"."status" = 'running';--> statement-breakpoint
CREATE INDEX "splash_ab_variants_test_idx" ON "splash_ab_variants" USING btree ("test_id","position");--> statement-breakpoint
CREATE INDEX "splash_ads_site_idx" ON "splash_ads" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "splash_ads_live_idx" ON "splash_ads" USING btree ("site_id","placement") WHERE "splash_ads"."active" = 1 and "splash_ads"."deleted_at" is null;--> statement-breakpoint
-- Indexes the campaign trigger run's pick needs on the guests area's tables (owned by domains/guests,
-- declared here by domains/campaigns): birthdays by month-day, and sessions by when they ended.
CREATE INDEX IF NOT EXISTS "guests_site_birthday_md_idx" ON "guests" ("site_id", (substr("birthday", 6))) WHERE "birthday" IS NOT NULL AND "marketing_consent";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guest_sessions_site_ended_idx" ON "guest_sessions" ("site_id", "ended_at") WHERE "ended_at" IS NOT NULL;
