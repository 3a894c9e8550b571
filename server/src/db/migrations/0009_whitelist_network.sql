ALTER TABLE "mac_entries" ADD COLUMN "network_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "mac_entries" ADD COLUMN "network_detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mac_entries" ADD COLUMN "network_checked_at" timestamp with time zone;