-- Indexes the campaign trigger run's pick needs on the guests area's tables (owned by domains/guests,
-- declared here by domains/campaigns): birthdays by month-day, and sessions by when they ended.
CREATE INDEX IF NOT EXISTS "guests_site_birthday_md_idx" ON "guests" ("site_id", (substr("birthday", 6))) WHERE "birthday" IS NOT NULL AND "marketing_consent";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guest_sessions_site_ended_idx" ON "guest_sessions" ("site_id", "ended_at") WHERE "ended_at" IS NOT NULL;
