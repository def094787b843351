ALTER TABLE "access_log" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "report_versions" ADD COLUMN "verification_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "report_versions_verification_token_key" ON "report_versions" USING btree ("verification_token");