CREATE TABLE "micro_panels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"naziv" text NOT NULL,
	"grupa" text NOT NULL,
	"uzorak" text DEFAULT '' NOT NULL,
	"antibiotici" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sample_cultures" ADD COLUMN "infekcija" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "micro_panels_grupa_uzorak_key" ON "micro_panels" USING btree ("grupa",lower("uzorak"));