CREATE TABLE "analyser_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"analyser_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"protokol" text NOT NULL,
	"raw" text NOT NULL,
	"content_hash" text NOT NULL,
	"control_id" text,
	"message_type" text,
	"outcome" text NOT NULL,
	"error" text,
	"rezultata" integer DEFAULT 0 NOT NULL,
	"za_pregled" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyser_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"sample_test_id" uuid NOT NULL,
	"test_code" text NOT NULL,
	"vrijednost" text NOT NULL,
	"jedinica" text,
	"flag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analyser_review_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"analyser_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"razlog" text NOT NULL,
	"specimen_id" text NOT NULL,
	"sample_id" uuid,
	"test_code" text NOT NULL,
	"test_id" text NOT NULL,
	"vrijednost" text NOT NULL,
	"jedinica" text,
	"flag" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"ime" text NOT NULL,
	"protokol" text NOT NULL,
	"transport" jsonb NOT NULL,
	"checksum" boolean DEFAULT true NOT NULL,
	"mapa" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"aktivan" boolean DEFAULT true NOT NULL,
	"element" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysers_protokol_check" CHECK ("analysers"."protokol" in ('astm', 'hl7'))
);
--> statement-breakpoint
ALTER TABLE "analyser_messages" ADD CONSTRAINT "analyser_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_messages" ADD CONSTRAINT "analyser_messages_analyser_id_analysers_id_fk" FOREIGN KEY ("analyser_id") REFERENCES "public"."analysers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_results" ADD CONSTRAINT "analyser_results_message_id_analyser_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."analyser_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_results" ADD CONSTRAINT "analyser_results_sample_test_id_sample_tests_id_fk" FOREIGN KEY ("sample_test_id") REFERENCES "public"."sample_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_review_items" ADD CONSTRAINT "analyser_review_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_review_items" ADD CONSTRAINT "analyser_review_items_analyser_id_analysers_id_fk" FOREIGN KEY ("analyser_id") REFERENCES "public"."analysers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_review_items" ADD CONSTRAINT "analyser_review_items_message_id_analyser_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."analyser_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyser_review_items" ADD CONSTRAINT "analyser_review_items_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysers" ADD CONSTRAINT "analysers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analyser_messages_hash_key" ON "analyser_messages" USING btree ("analyser_id","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "analyser_messages_control_key" ON "analyser_messages" USING btree ("analyser_id","control_id") WHERE "analyser_messages"."protokol" = 'hl7' and "analyser_messages"."control_id" is not null;--> statement-breakpoint
CREATE INDEX "analyser_messages_site_received_idx" ON "analyser_messages" USING btree ("site_id","received_at","id");--> statement-breakpoint
CREATE INDEX "analyser_results_message_idx" ON "analyser_results" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "analyser_results_test_idx" ON "analyser_results" USING btree ("sample_test_id");--> statement-breakpoint
CREATE INDEX "analyser_review_items_site_created_idx" ON "analyser_review_items" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "analyser_review_items_message_idx" ON "analyser_review_items" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analysers_site_ime_key" ON "analysers" USING btree ("site_id","ime");