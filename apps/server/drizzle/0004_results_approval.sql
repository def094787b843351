ALTER TABLE "lab_assays" ADD COLUMN "vrsta" text DEFAULT 'numeric' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_assays" ADD COLUMN "opcije" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_assays" ADD COLUMN "delta_kind" text;--> statement-breakpoint
ALTER TABLE "lab_assays" ADD COLUMN "delta_limit" numeric;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD COLUMN "unio_by" uuid;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD COLUMN "unio_source" text;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD COLUMN "unio_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "verified_by" uuid;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "verified_once" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "obavijesten" jsonb;--> statement-breakpoint
ALTER TABLE "sample_tests" ADD CONSTRAINT "sample_tests_unio_by_users_id_fk" FOREIGN KEY ("unio_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_assays" ADD CONSTRAINT "lab_assays_vrsta_check" CHECK ("lab_assays"."vrsta" in ('numeric', 'text', 'qualitative'));--> statement-breakpoint
ALTER TABLE "lab_assays" ADD CONSTRAINT "lab_assays_delta_check" CHECK (("lab_assays"."delta_kind" is null and "lab_assays"."delta_limit" is null) or ("lab_assays"."delta_kind" in ('absolute', 'percent') and "lab_assays"."delta_limit" > 0));