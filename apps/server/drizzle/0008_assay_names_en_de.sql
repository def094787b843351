ALTER TABLE "lab_assays" ADD COLUMN "naziv_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_assays" ADD COLUMN "naziv_de" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_sections" ADD COLUMN "naziv_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_sections" ADD COLUMN "naziv_de" text DEFAULT '' NOT NULL;