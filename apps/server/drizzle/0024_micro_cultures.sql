CREATE TABLE "culture_isolates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"culture_id" uuid NOT NULL,
	"rbr" integer NOT NULL,
	"mo" text NOT NULL,
	"kolicina" integer,
	"napomena" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "isolate_susceptibilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"isolate_id" uuid NOT NULL,
	"rbr" integer NOT NULL,
	"ab" text NOT NULL,
	"method" text NOT NULL,
	"vrijednost" text NOT NULL,
	"tumacenje" text,
	"osnova" text NOT NULL,
	"breakpoint" jsonb,
	"izmjena" text,
	"razlog" text,
	CONSTRAINT "isolate_susceptibilities_method_check" CHECK ("isolate_susceptibilities"."method" in ('MIC', 'DISK')),
	CONSTRAINT "isolate_susceptibilities_sir_check" CHECK (("isolate_susceptibilities"."tumacenje" is null or "isolate_susceptibilities"."tumacenje" in ('S', 'I', 'R')) and ("isolate_susceptibilities"."izmjena" is null or ("isolate_susceptibilities"."izmjena" in ('S', 'I', 'R') and "isolate_susceptibilities"."razlog" is not null)))
);
--> statement-breakpoint
CREATE TABLE "micro_antimicrobials" (
	"ab" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"grupa" text NOT NULL,
	"abbreviations" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "micro_breakpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guideline" text NOT NULL,
	"ordinal" integer NOT NULL,
	"method" text NOT NULL,
	"site" text NOT NULL,
	"mo" text NOT NULL,
	"rank_index" real NOT NULL,
	"ab" text NOT NULL,
	"breakpoint_s" double precision NOT NULL,
	"breakpoint_r" double precision NOT NULL,
	"uti" boolean NOT NULL,
	CONSTRAINT "micro_breakpoints_method_check" CHECK ("micro_breakpoints"."method" in ('MIC', 'DISK'))
);
--> statement-breakpoint
CREATE TABLE "micro_intrinsic_resistance" (
	"mo" text NOT NULL,
	"ab" text NOT NULL,
	CONSTRAINT "micro_intrinsic_resistance_mo_ab_pk" PRIMARY KEY("mo","ab")
);
--> statement-breakpoint
CREATE TABLE "micro_organisms" (
	"mo" text PRIMARY KEY NOT NULL,
	"fullname" text NOT NULL,
	"status" text NOT NULL,
	"kingdom" text NOT NULL,
	"rank" text NOT NULL,
	"genus" text NOT NULL,
	"species" text NOT NULL,
	"family" text NOT NULL,
	"order_name" text NOT NULL,
	"gram_stain" text NOT NULL,
	"oxygen_tolerance" text NOT NULL,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"prevalence" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "micro_reference_sets" (
	"guideline" text PRIMARY KEY NOT NULL,
	"attribution" text NOT NULL,
	"intrinsic_source" text NOT NULL,
	"breakpoints" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_cultures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sample_id" uuid NOT NULL,
	"sample_test_id" uuid NOT NULL,
	"materijal" text NOT NULL,
	"uti" boolean NOT NULL,
	"rast" boolean NOT NULL,
	"napomena" text DEFAULT '' NOT NULL,
	"guideline" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "culture_isolates" ADD CONSTRAINT "culture_isolates_culture_id_sample_cultures_id_fk" FOREIGN KEY ("culture_id") REFERENCES "public"."sample_cultures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "culture_isolates" ADD CONSTRAINT "culture_isolates_mo_micro_organisms_mo_fk" FOREIGN KEY ("mo") REFERENCES "public"."micro_organisms"("mo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isolate_susceptibilities" ADD CONSTRAINT "isolate_susceptibilities_isolate_id_culture_isolates_id_fk" FOREIGN KEY ("isolate_id") REFERENCES "public"."culture_isolates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isolate_susceptibilities" ADD CONSTRAINT "isolate_susceptibilities_ab_micro_antimicrobials_ab_fk" FOREIGN KEY ("ab") REFERENCES "public"."micro_antimicrobials"("ab") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micro_breakpoints" ADD CONSTRAINT "micro_breakpoints_guideline_micro_reference_sets_guideline_fk" FOREIGN KEY ("guideline") REFERENCES "public"."micro_reference_sets"("guideline") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_cultures" ADD CONSTRAINT "sample_cultures_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_cultures" ADD CONSTRAINT "sample_cultures_sample_test_id_sample_tests_id_fk" FOREIGN KEY ("sample_test_id") REFERENCES "public"."sample_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_cultures" ADD CONSTRAINT "sample_cultures_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "culture_isolates_rbr_key" ON "culture_isolates" USING btree ("culture_id","rbr");--> statement-breakpoint
CREATE UNIQUE INDEX "isolate_susceptibilities_rbr_key" ON "isolate_susceptibilities" USING btree ("isolate_id","rbr");--> statement-breakpoint
CREATE UNIQUE INDEX "micro_breakpoints_ordinal_key" ON "micro_breakpoints" USING btree ("guideline","ordinal");--> statement-breakpoint
CREATE INDEX "micro_breakpoints_ab_idx" ON "micro_breakpoints" USING btree ("guideline","ab","method");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_cultures_test_key" ON "sample_cultures" USING btree ("sample_test_id");--> statement-breakpoint
CREATE INDEX "sample_cultures_sample_idx" ON "sample_cultures" USING btree ("sample_id");