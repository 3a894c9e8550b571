CREATE TABLE "secret_key_fingerprint" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "secret_key_fingerprint_one_row" CHECK ("secret_key_fingerprint"."id" = 1)
);
