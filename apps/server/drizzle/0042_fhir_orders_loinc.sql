CREATE TABLE "external_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"system" text NOT NULL,
	"value" text NOT NULL,
	"sample_id" uuid NOT NULL,
	"labassay_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_assays" ADD COLUMN "loinc" text;--> statement-breakpoint
ALTER TABLE "external_orders" ADD CONSTRAINT "external_orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_orders" ADD CONSTRAINT "external_orders_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_orders" ADD CONSTRAINT "external_orders_labassay_id_lab_assays_id_fk" FOREIGN KEY ("labassay_id") REFERENCES "public"."lab_assays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_orders_site_identifier_key" ON "external_orders" USING btree ("site_id","system","value");--> statement-breakpoint
CREATE INDEX "external_orders_sample_idx" ON "external_orders" USING btree ("sample_id");