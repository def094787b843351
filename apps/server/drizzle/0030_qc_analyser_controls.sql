CREATE TABLE "qc_control_specimens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"control_id" uuid NOT NULL,
	"nivo" integer NOT NULL,
	"uzorak" text NOT NULL,
	CONSTRAINT "qc_control_specimens_nivo_check" CHECK ("qc_control_specimens"."nivo" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "analyser_messages" ADD COLUMN "kontrolnih" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analyser_review_items" ADD COLUMN "kontrola" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "qc_results" ADD COLUMN "analyser_id" uuid;--> statement-breakpoint
ALTER TABLE "qc_results" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "qc_control_specimens" ADD CONSTRAINT "qc_control_specimens_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_control_specimens" ADD CONSTRAINT "qc_control_specimens_control_id_qc_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."qc_controls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qc_control_specimens_site_uzorak_key" ON "qc_control_specimens" USING btree ("site_id",upper("uzorak"));--> statement-breakpoint
CREATE UNIQUE INDEX "qc_control_specimens_control_nivo_key" ON "qc_control_specimens" USING btree ("control_id","nivo");--> statement-breakpoint
ALTER TABLE "qc_results" ADD CONSTRAINT "qc_results_analyser_id_analysers_id_fk" FOREIGN KEY ("analyser_id") REFERENCES "public"."analysers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_results" ADD CONSTRAINT "qc_results_message_id_analyser_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."analyser_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qc_results_hold_idx" ON "qc_results" USING btree ("site_id","labassay_id","analyser_id","izmjereno","created_at");