CREATE TABLE "reflex_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"trigger_assay_id" uuid NOT NULL,
	"condition" text NOT NULL,
	"value" numeric,
	"add_assay_id" uuid NOT NULL,
	"charge" text DEFAULT 'free' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reflex_rules_condition_check" CHECK ("reflex_rules"."condition" in ('above-range', 'below-range', 'outside-range', 'above', 'below', 'abnormal')),
	CONSTRAINT "reflex_rules_charge_check" CHECK ("reflex_rules"."charge" in ('free', 'charged')),
	CONSTRAINT "reflex_rules_not_itself_check" CHECK ("reflex_rules"."trigger_assay_id" <> "reflex_rules"."add_assay_id")
);
--> statement-breakpoint
ALTER TABLE "sample_tests" ADD COLUMN "refleks" uuid;--> statement-breakpoint
ALTER TABLE "reflex_rules" ADD CONSTRAINT "reflex_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflex_rules" ADD CONSTRAINT "reflex_rules_trigger_assay_id_lab_assays_id_fk" FOREIGN KEY ("trigger_assay_id") REFERENCES "public"."lab_assays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflex_rules" ADD CONSTRAINT "reflex_rules_add_assay_id_lab_assays_id_fk" FOREIGN KEY ("add_assay_id") REFERENCES "public"."lab_assays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflex_rules" ADD CONSTRAINT "reflex_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflex_rules" ADD CONSTRAINT "reflex_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reflex_rules_site_pair_key" ON "reflex_rules" USING btree ("site_id","trigger_assay_id","add_assay_id");--> statement-breakpoint
CREATE INDEX "reflex_rules_site_active_idx" ON "reflex_rules" USING btree ("site_id") WHERE "reflex_rules"."active";--> statement-breakpoint
ALTER TABLE "sample_tests" ADD CONSTRAINT "sample_tests_refleks_reflex_rules_id_fk" FOREIGN KEY ("refleks") REFERENCES "public"."reflex_rules"("id") ON DELETE no action ON UPDATE no action;