CREATE TABLE "payment_account_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"payment_account_id" integer NOT NULL,
	"mac" text NOT NULL,
	"source" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"package_id" integer,
	"terms" jsonb,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"recurring" boolean DEFAULT false NOT NULL,
	"next_payment_on" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_payment_method_id" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"expiry_reminded_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"mode" text NOT NULL,
	"stripe_account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"livemode" boolean DEFAULT false NOT NULL,
	"secret_key_enc" text,
	"publishable_key" text DEFAULT '' NOT NULL,
	"webhook_endpoint_id" text,
	"webhook_secret_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"duration_type" text NOT NULL,
	"duration_val" integer NOT NULL,
	"bytes_t" integer DEFAULT 0 NOT NULL,
	"bytes_type" text DEFAULT 'MB' NOT NULL,
	"speed_ul" integer DEFAULT 0 NOT NULL,
	"speed_dl" integer DEFAULT 0 NOT NULL,
	"num_devices" integer DEFAULT 1 NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"transaction_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"disconnect_devices" boolean DEFAULT false NOT NULL,
	"stripe_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"stripe_account_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"payment_account_id" integer,
	"package_id" integer,
	"package_name" text NOT NULL,
	"terms" jsonb NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"fee_amount" integer DEFAULT 0 NOT NULL,
	"fee_percent" text DEFAULT '0' NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"stripe_account_id" text,
	"stripe_payment_intent_id" text,
	"stripe_charge_id" text,
	"mac" text,
	"num_devices" integer NOT NULL,
	"endtime" timestamp with time zone,
	"failure_message" text DEFAULT '' NOT NULL,
	"pre_grant_session_id" bigint,
	"pre_grant_ends_at" timestamp with time zone,
	"checkout" jsonb,
	"granted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_account_devices" ADD CONSTRAINT "payment_account_devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_account_devices" ADD CONSTRAINT "payment_account_devices_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_package_id_payment_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."payment_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_connections" ADD CONSTRAINT "payment_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_connections" ADD CONSTRAINT "payment_connections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_packages" ADD CONSTRAINT "payment_packages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_packages" ADD CONSTRAINT "payment_packages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_package_id_payment_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."payment_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_account_devices_site_mac_key" ON "payment_account_devices" USING btree ("site_id","mac");--> statement-breakpoint
CREATE INDEX "payment_account_devices_account_idx" ON "payment_account_devices" USING btree ("payment_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_site_email_key" ON "payment_accounts" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "payment_accounts_site_created_idx" ON "payment_accounts" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_connections_site_key" ON "payment_connections" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "payment_connections_stripe_account_idx" ON "payment_connections" USING btree ("stripe_account_id");--> statement-breakpoint
CREATE INDEX "payment_packages_site_idx" ON "payment_packages" USING btree ("site_id","status","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_stripe_refund_key" ON "payment_refunds" USING btree ("stripe_refund_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_site_created_idx" ON "payment_refunds" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_transaction_idx" ON "payment_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_intent_key" ON "payment_transactions" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_site_created_idx" ON "payment_transactions" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_site_paid_idx" ON "payment_transactions" USING btree ("site_id","paid_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_payment_account_idx" ON "payment_transactions" USING btree ("payment_account_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_pre_grant_idx" ON "payment_transactions" USING btree ("pre_grant_ends_at") WHERE "payment_transactions"."status" = 'pending' and "payment_transactions"."pre_grant_ends_at" is not null;