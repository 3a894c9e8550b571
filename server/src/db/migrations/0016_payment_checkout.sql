ALTER TABLE "payment_transactions" ADD COLUMN "checkout" jsonb;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "granted_at" timestamp with time zone;