ALTER TABLE "reference_ranges" ADD COLUMN "critical_low" numeric;--> statement-breakpoint
ALTER TABLE "reference_ranges" ADD COLUMN "critical_high" numeric;--> statement-breakpoint
ALTER TABLE "reference_ranges" ADD COLUMN "jedinica" text;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD COLUMN "referenca" jsonb;