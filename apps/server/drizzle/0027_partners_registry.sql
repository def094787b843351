CREATE TABLE "partner_prices" (
	"partner_id" uuid NOT NULL,
	"labassay_id" uuid NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	CONSTRAINT "partner_prices_partner_id_labassay_id_pk" PRIMARY KEY("partner_id","labassay_id"),
	CONSTRAINT "partner_prices_price_check" CHECK ("partner_prices"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "kontakti" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "email_nalazi" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "import_ref" text;--> statement-breakpoint
ALTER TABLE "partner_prices" ADD CONSTRAINT "partner_prices_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_prices" ADD CONSTRAINT "partner_prices_labassay_id_lab_assays_id_fk" FOREIGN KEY ("labassay_id") REFERENCES "public"."lab_assays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "samples_site_import_ref_key" ON "samples" USING btree ("site_id","import_ref") WHERE "samples"."import_ref" is not null;--> statement-breakpoint
CREATE INDEX "samples_partner_idx" ON "samples" USING btree ("partner_id") WHERE "samples"."partner_id" is not null;