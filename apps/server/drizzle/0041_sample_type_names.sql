ALTER TABLE "sample_types" ADD COLUMN "naziv_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_types" ADD COLUMN "naziv_de" text DEFAULT '' NOT NULL;