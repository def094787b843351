CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"jmbg" text NOT NULL,
	"ime" text NOT NULL,
	"prezime" text NOT NULL,
	"spol" text NOT NULL,
	"datum_rodjenja" date,
	"godiste" integer,
	"adresa" text DEFAULT '' NOT NULL,
	"telefon" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"passport" text DEFAULT '' NOT NULL,
	"language" text[] DEFAULT '{}'::text[] NOT NULL,
	"symptoms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"lokacija" text DEFAULT '' NOT NULL,
	"duhan" text DEFAULT '' NOT NULL,
	"dijabetes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_code_counters" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sample_id" uuid NOT NULL,
	"labassay_id" uuid NOT NULL,
	"price" numeric(10, 2) DEFAULT '0' NOT NULL,
	"status_t" text DEFAULT 'ZAPRIMLJEN' NOT NULL,
	"component_of" uuid,
	"rezultat" text,
	"rezultat_f" numeric,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"code" text NOT NULL,
	"rbr" integer NOT NULL,
	"status" text DEFAULT 'ZAPRIMLJEN' NOT NULL,
	"hitan" boolean DEFAULT false NOT NULL,
	"tip" text DEFAULT 'Standard' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"trudnica" boolean DEFAULT false NOT NULL,
	"menstc" text DEFAULT '' NOT NULL,
	"anticoag" boolean DEFAULT false NOT NULL,
	"menopauza" boolean DEFAULT false NOT NULL,
	"lokacija" text DEFAULT '' NOT NULL,
	"doktor" text DEFAULT '' NOT NULL,
	"komentar" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"datum" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"pdf_exists" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "samples_status_check" CHECK ("samples"."status" in ('ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN'))
);
--> statement-breakpoint
ALTER TABLE "reference_ranges" ADD COLUMN "menopauza" boolean;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD CONSTRAINT "sample_tests_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD CONSTRAINT "sample_tests_labassay_id_lab_assays_id_fk" FOREIGN KEY ("labassay_id") REFERENCES "public"."lab_assays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD CONSTRAINT "sample_tests_component_of_lab_assays_id_fk" FOREIGN KEY ("component_of") REFERENCES "public"."lab_assays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_jmbg_key" ON "patients" USING btree ("jmbg");--> statement-breakpoint
CREATE INDEX "patients_jmbg_search_idx" ON "patients" USING btree (lower("jmbg") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_prezime_search_idx" ON "patients" USING btree (lower("prezime") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_ime_search_idx" ON "patients" USING btree (lower("ime") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_created_idx" ON "patients" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_tests_sample_assay_key" ON "sample_tests" USING btree ("sample_id","labassay_id");--> statement-breakpoint
CREATE INDEX "sample_tests_labassay_idx" ON "sample_tests" USING btree ("labassay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "samples_code_key" ON "samples" USING btree ("code");--> statement-breakpoint
CREATE INDEX "samples_site_created_idx" ON "samples" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "samples_site_status_idx" ON "samples" USING btree ("site_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "samples_patient_idx" ON "samples" USING btree ("patient_id","created_at");