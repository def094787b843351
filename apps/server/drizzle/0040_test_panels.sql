CREATE TABLE "test_panels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"sifra" text NOT NULL,
	"naziv" text NOT NULL,
	"sinonimi" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"testovi" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(10, 2) DEFAULT '0' NOT NULL,
	"naplata" text DEFAULT 'testovi' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_panels_naplata_check" CHECK ("test_panels"."naplata" in ('panel', 'testovi'))
);
--> statement-breakpoint
ALTER TABLE "sample_tests" ADD COLUMN "panel_id" uuid;--> statement-breakpoint
ALTER TABLE "test_panels" ADD CONSTRAINT "test_panels_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_panels_site_sifra_key" ON "test_panels" USING btree ("site_id",upper("sifra"));--> statement-breakpoint
ALTER TABLE "sample_tests" ADD CONSTRAINT "sample_tests_panel_id_test_panels_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."test_panels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sample_tests_panel_idx" ON "sample_tests" USING btree ("panel_id") WHERE "sample_tests"."panel_id" is not null;