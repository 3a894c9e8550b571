DROP INDEX "vouchers_batch_idx";--> statement-breakpoint
CREATE INDEX "vouchers_batch_id_idx" ON "vouchers" USING btree ("batch_id","id");