ALTER TABLE "sample_tests" ADD COLUMN "retest_razlog" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mikrobiologija" boolean DEFAULT false NOT NULL;