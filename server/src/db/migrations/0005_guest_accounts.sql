CREATE TABLE "guest_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"num_devices" integer NOT NULL,
	"duration_val" integer NOT NULL,
	"duration_type" text NOT NULL,
	"bytes_t" integer DEFAULT 0 NOT NULL,
	"bytes_type" text DEFAULT 'MB' NOT NULL,
	"speed_ul" integer DEFAULT 0 NOT NULL,
	"speed_dl" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"first_login_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_account_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"guest_account_id" integer NOT NULL,
	"mac" text NOT NULL,
	"source" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guest_account_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"filename" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_enc" text,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "guest_accounts" ADD CONSTRAINT "guest_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_accounts" ADD CONSTRAINT "guest_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_account_devices" ADD CONSTRAINT "guest_account_devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_account_devices" ADD CONSTRAINT "guest_account_devices_guest_account_id_guest_accounts_id_fk" FOREIGN KEY ("guest_account_id") REFERENCES "public"."guest_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_account_imports" ADD CONSTRAINT "guest_account_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_account_imports" ADD CONSTRAINT "guest_account_imports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_account_imports" ADD CONSTRAINT "guest_account_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_accounts_site_username_key" ON "guest_accounts" USING btree ("site_id","username");--> statement-breakpoint
CREATE INDEX "guest_accounts_site_created_idx" ON "guest_accounts" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_account_devices_site_mac_key" ON "guest_account_devices" USING btree ("site_id","mac");--> statement-breakpoint
CREATE INDEX "guest_account_devices_account_idx" ON "guest_account_devices" USING btree ("guest_account_id");--> statement-breakpoint
CREATE INDEX "guest_account_imports_site_idx" ON "guest_account_imports" USING btree ("site_id","created_at");
