CREATE TABLE "custom_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"domain" text NOT NULL,
	"state" text DEFAULT 'in_process' NOT NULL,
	"verify_token" text NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_domain_key" ON "custom_domains" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_account_key" ON "custom_domains" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "custom_domains_state_idx" ON "custom_domains" USING btree ("state");