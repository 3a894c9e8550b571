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
ALTER TABLE "splash_ad_daily_counts" ADD CONSTRAINT "splash_ad_daily_counts_ad_id_splash_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."splash_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_ads" ADD CONSTRAINT "splash_ads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_ads" ADD CONSTRAINT "splash_ads_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "splash_ads_site_idx" ON "splash_ads" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "splash_ads_live_idx" ON "splash_ads" USING btree ("site_id","placement") WHERE "splash_ads"."active" = 1 and "splash_ads"."deleted_at" is null;