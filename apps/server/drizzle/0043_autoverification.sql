CREATE TABLE "autoverification_outcomes" (
	"sample_id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"rule_set_id" uuid NOT NULL,
	"released" boolean NOT NULL,
	"failures" jsonb NOT NULL,
	"sample_version" integer NOT NULL,
	"judged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autoverification_rule_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"naziv" text NOT NULL,
	"verzija" integer NOT NULL,
	"pravila" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"activated_by" uuid,
	"simulacija" jsonb,
	CONSTRAINT "autoverification_rule_sets_version_check" CHECK ("autoverification_rule_sets"."verzija" >= 1)
);
--> statement-breakpoint
CREATE TABLE "autoverification_switches" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"ukljuceno" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autoverification_outcomes" ADD CONSTRAINT "autoverification_outcomes_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoverification_outcomes" ADD CONSTRAINT "autoverification_outcomes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoverification_outcomes" ADD CONSTRAINT "autoverification_outcomes_rule_set_id_autoverification_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."autoverification_rule_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoverification_rule_sets" ADD CONSTRAINT "autoverification_rule_sets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoverification_rule_sets" ADD CONSTRAINT "autoverification_rule_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoverification_rule_sets" ADD CONSTRAINT "autoverification_rule_sets_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoverification_switches" ADD CONSTRAINT "autoverification_switches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoverification_switches" ADD CONSTRAINT "autoverification_switches_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autoverification_outcomes_site_idx" ON "autoverification_outcomes" USING btree ("site_id","judged_at");--> statement-breakpoint
CREATE UNIQUE INDEX "autoverification_rule_sets_site_version_key" ON "autoverification_rule_sets" USING btree ("site_id","verzija");--> statement-breakpoint
CREATE UNIQUE INDEX "autoverification_rule_sets_one_draft_key" ON "autoverification_rule_sets" USING btree ("site_id") WHERE "autoverification_rule_sets"."activated_at" is null;