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
ALTER TABLE "splash_ab_tests" ADD CONSTRAINT "splash_ab_tests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_ab_variants" ADD CONSTRAINT "splash_ab_variants_test_id_splash_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."splash_ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_funnel_counts" ADD CONSTRAINT "splash_funnel_counts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "splash_ab_tests_site_idx" ON "splash_ab_tests" USING btree ("site_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "splash_ab_tests_one_running_key" ON "splash_ab_tests" USING btree ("site_id") WHERE "splash_ab_tests"."status" = 'running';--> statement-breakpoint
CREATE INDEX "splash_ab_variants_test_idx" ON "splash_ab_variants" USING btree ("test_id","position");