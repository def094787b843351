ALTER TABLE "sample_tests" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD COLUMN "released_by_rules" text;--> statement-breakpoint
ALTER TABLE "report_versions" ADD COLUMN "partial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "partial" boolean DEFAULT false NOT NULL;