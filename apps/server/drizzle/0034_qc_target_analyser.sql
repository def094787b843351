DROP INDEX "qc_targets_control_assay_level_key";--> statement-breakpoint
ALTER TABLE "qc_targets" ADD COLUMN "analyser_id" uuid;--> statement-breakpoint
ALTER TABLE "qc_targets" ADD CONSTRAINT "qc_targets_analyser_id_analysers_id_fk" FOREIGN KEY ("analyser_id") REFERENCES "public"."analysers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qc_targets_control_assay_level_analyser_key" ON "qc_targets" USING btree ("control_id","labassay_id","nivo",coalesce("analyser_id", '00000000-0000-0000-0000-000000000000'::uuid));