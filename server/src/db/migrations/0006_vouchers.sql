CREATE TABLE "voucher_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer,
	"kind" text NOT NULL,
	"batch_code" text NOT NULL,
	"count" integer NOT NULL,
	"duration_value" integer NOT NULL,
	"duration_type" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"num_devices" integer NOT NULL,
	"speed_ul" integer DEFAULT 0 NOT NULL,
	"speed_dl" integer DEFAULT 0 NOT NULL,
	"data_limit_mb" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"valid_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_batch_sites" (
	"batch_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "voucher_batch_sites_batch_id_site_id_pk" PRIMARY KEY("batch_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "voucher_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"voucher_id" bigint NOT NULL,
	"mac" text NOT NULL,
	"site_id" integer,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_sessions" (
	"session_id" bigint PRIMARY KEY NOT NULL,
	"voucher_id" bigint NOT NULL,
	"site_id" integer NOT NULL,
	"mac" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_activation_counts" (
	"account_id" integer NOT NULL,
	"month" text NOT NULL,
	"activated" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "voucher_activation_counts_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
CREATE TABLE "voucher_designs" (
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"design" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_designs_site_id_kind_pk" PRIMARY KEY("site_id","kind")
);
--> statement-breakpoint
CREATE TABLE "voucher_logos" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_batch_sites" ADD CONSTRAINT "voucher_batch_sites_batch_id_voucher_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."voucher_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_batch_sites" ADD CONSTRAINT "voucher_batch_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_batch_id_voucher_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."voucher_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_devices" ADD CONSTRAINT "voucher_devices_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_devices" ADD CONSTRAINT "voucher_devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_sessions" ADD CONSTRAINT "voucher_sessions_session_id_guest_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."guest_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_sessions" ADD CONSTRAINT "voucher_sessions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_sessions" ADD CONSTRAINT "voucher_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_activation_counts" ADD CONSTRAINT "voucher_activation_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_designs" ADD CONSTRAINT "voucher_designs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_designs" ADD CONSTRAINT "voucher_designs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_logos" ADD CONSTRAINT "voucher_logos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_logos" ADD CONSTRAINT "voucher_logos_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_batches_site_code_key" ON "voucher_batches" USING btree ("site_id","batch_code") WHERE "voucher_batches"."kind" = 'voucher';--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_batches_account_code_key" ON "voucher_batches" USING btree ("account_id","batch_code") WHERE "voucher_batches"."kind" = 'multisite_voucher';--> statement-breakpoint
CREATE INDEX "voucher_batches_account_idx" ON "voucher_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "voucher_batch_sites_site_idx" ON "voucher_batch_sites" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_account_code_key" ON "vouchers" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "vouchers_batch_idx" ON "vouchers" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_devices_voucher_mac_key" ON "voucher_devices" USING btree ("voucher_id","mac");--> statement-breakpoint
CREATE INDEX "voucher_sessions_voucher_idx" ON "voucher_sessions" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_sessions_site_mac_idx" ON "voucher_sessions" USING btree ("site_id","mac","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_logos_url_key" ON "voucher_logos" USING btree ("url");--> statement-breakpoint
CREATE INDEX "voucher_logos_account_idx" ON "voucher_logos" USING btree ("account_id");--> statement-breakpoint
CREATE FUNCTION "voucher_batches_drop_unused"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "voucher_batches" WHERE "id" = OLD."batch_id"
    AND NOT EXISTS (SELECT 1 FROM "voucher_batch_sites" WHERE "batch_id" = OLD."batch_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "voucher_batch_sites_drop_unused" AFTER DELETE ON "voucher_batch_sites" FOR EACH ROW EXECUTE FUNCTION "voucher_batches_drop_unused"();
