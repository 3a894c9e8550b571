CREATE TABLE "branding_settings" (
	"account_id" integer NOT NULL,
	"section" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_settings_account_id_section_pk" PRIMARY KEY("account_id","section")
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "branding_settings" ADD CONSTRAINT "branding_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;