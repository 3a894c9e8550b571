ALTER TABLE "accounts" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_status" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "cancel_comments" text;