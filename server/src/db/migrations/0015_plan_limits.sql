CREATE TABLE "plan_device_counts" (
	"account_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_device_counts_account_id_period_start_pk" PRIMARY KEY("account_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "plan_device_usage" (
	"account_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"mac" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_device_usage_account_id_period_start_mac_pk" PRIMARY KEY("account_id","period_start","mac")
);
--> statement-breakpoint
CREATE TABLE "plan_limit_alerts" (
	"account_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_limit_alerts_account_id_period_start_kind_threshold_pk" PRIMARY KEY("account_id","period_start","kind","threshold")
);
--> statement-breakpoint
ALTER TABLE "plan_device_counts" ADD CONSTRAINT "plan_device_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_device_usage" ADD CONSTRAINT "plan_device_usage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_limit_alerts" ADD CONSTRAINT "plan_limit_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;