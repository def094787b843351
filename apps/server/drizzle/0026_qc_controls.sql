CREATE TABLE "qc_assay_rules" (
	"site_id" uuid NOT NULL,
	"labassay_id" uuid NOT NULL,
	"pravila" jsonb NOT NULL,
	"tea" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qc_assay_rules_site_id_labassay_id_pk" PRIMARY KEY("site_id","labassay_id")
);
--> statement-breakpoint
CREATE TABLE "qc_controls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"kontrola" text NOT NULL,
	"proizvodjac" text DEFAULT '' NOT NULL,
	"lot" text NOT NULL,
	"rok_trajanja" date NOT NULL,
	"mod" text DEFAULT 'Multi' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qc_controls_mod_check" CHECK ("qc_controls"."mod" in ('Multi', 'Single'))
);
--> statement-breakpoint
CREATE TABLE "qc_corrective_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"labassay_id" uuid NOT NULL,
	"serija" uuid NOT NULL,
	"opis" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qc_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"control_id" uuid NOT NULL,
	"labassay_id" uuid NOT NULL,
	"serija" uuid NOT NULL,
	"nivo" integer NOT NULL,
	"unos" text NOT NULL,
	"vrijednost" double precision NOT NULL,
	"izmjereno" timestamp with time zone NOT NULL,
	"mean" double precision NOT NULL,
	"sd" double precision NOT NULL,
	"z" double precision NOT NULL,
	"status" text NOT NULL,
	"pravila" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"komentar" text DEFAULT '' NOT NULL,
	"iskljucen" boolean DEFAULT false NOT NULL,
	"razlog_iskljucenja" text,
	"unio_by" uuid,
	"izvor" text DEFAULT 'rucno' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qc_results_status_check" CHECK ("qc_results"."status" in ('prihvacen', 'upozorenje', 'odbijen')),
	CONSTRAINT "qc_results_excluded_reason_check" CHECK (not "qc_results"."iskljucen" or "qc_results"."razlog_iskljucenja" is not null)
);
--> statement-breakpoint
CREATE TABLE "qc_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"control_id" uuid NOT NULL,
	"labassay_id" uuid NOT NULL,
	"nivo" integer NOT NULL,
	"mean" double precision NOT NULL,
	"sd" double precision NOT NULL,
	"izvor" text DEFAULT 'proizvodjac' NOT NULL,
	CONSTRAINT "qc_targets_sd_check" CHECK ("qc_targets"."sd" > 0),
	CONSTRAINT "qc_targets_nivo_check" CHECK ("qc_targets"."nivo" between 1 and 6),
	CONSTRAINT "qc_targets_izvor_check" CHECK ("qc_targets"."izvor" in ('proizvodjac', 'prvih20', 'kumulativno'))
);
--> statement-breakpoint
ALTER TABLE "qc_assay_rules" ADD CONSTRAINT "qc_assay_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_assay_rules" ADD CONSTRAINT "qc_assay_rules_labassay_id_lab_assays_id_fk" FOREIGN KEY ("labassay_id") REFERENCES "public"."lab_assays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_controls" ADD CONSTRAINT "qc_controls_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_corrective_actions" ADD CONSTRAINT "qc_corrective_actions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_corrective_actions" ADD CONSTRAINT "qc_corrective_actions_labassay_id_lab_assays_id_fk" FOREIGN KEY ("labassay_id") REFERENCES "public"."lab_assays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_corrective_actions" ADD CONSTRAINT "qc_corrective_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_results" ADD CONSTRAINT "qc_results_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_results" ADD CONSTRAINT "qc_results_control_id_qc_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."qc_controls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_results" ADD CONSTRAINT "qc_results_labassay_id_lab_assays_id_fk" FOREIGN KEY ("labassay_id") REFERENCES "public"."lab_assays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_results" ADD CONSTRAINT "qc_results_unio_by_users_id_fk" FOREIGN KEY ("unio_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_targets" ADD CONSTRAINT "qc_targets_control_id_qc_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."qc_controls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_targets" ADD CONSTRAINT "qc_targets_labassay_id_lab_assays_id_fk" FOREIGN KEY ("labassay_id") REFERENCES "public"."lab_assays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qc_controls_site_lot_key" ON "qc_controls" USING btree ("site_id",lower("kontrola"),upper("lot"));--> statement-breakpoint
CREATE INDEX "qc_controls_list_idx" ON "qc_controls" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "qc_corrective_actions_serija_idx" ON "qc_corrective_actions" USING btree ("serija");--> statement-breakpoint
CREATE INDEX "qc_results_chart_idx" ON "qc_results" USING btree ("site_id","control_id","labassay_id","izmjereno","id");--> statement-breakpoint
CREATE INDEX "qc_results_latest_idx" ON "qc_results" USING btree ("site_id","labassay_id","izmjereno","created_at");--> statement-breakpoint
CREATE INDEX "qc_results_serija_idx" ON "qc_results" USING btree ("serija");--> statement-breakpoint
CREATE INDEX "qc_results_list_idx" ON "qc_results" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "qc_targets_control_assay_level_key" ON "qc_targets" USING btree ("control_id","labassay_id","nivo");--> statement-breakpoint
-- Control results are the lab's quality record: never deleted (a result is excluded, with a reason, instead).
CREATE OR REPLACE FUNCTION refuse_qc_result_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% keeps every row: % refused (exclude the result instead)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER qc_results_no_delete BEFORE DELETE ON qc_results FOR EACH ROW EXECUTE FUNCTION refuse_qc_result_delete();
--> statement-breakpoint
-- A corrective action is evidence of a release: never changed or removed.
CREATE TRIGGER qc_corrective_actions_append_only BEFORE UPDATE OR DELETE ON qc_corrective_actions FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
