ALTER TABLE "users" ADD COLUMN "mikrobiologija" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD COLUMN "retest_razlog" text;