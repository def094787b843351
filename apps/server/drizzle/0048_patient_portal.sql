CREATE TABLE "patient_portal_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_portal_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "portal_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "patient_portal_codes" ADD CONSTRAINT "patient_portal_codes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_portal_codes" ADD CONSTRAINT "patient_portal_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_portal_codes" ADD CONSTRAINT "patient_portal_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_portal_sessions" ADD CONSTRAINT "patient_portal_sessions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_portal_sessions" ADD CONSTRAINT "patient_portal_sessions_code_id_patient_portal_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."patient_portal_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_portal_codes_hash_key" ON "patient_portal_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "patient_portal_codes_patient_idx" ON "patient_portal_codes" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_portal_sessions_token_key" ON "patient_portal_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "patient_portal_sessions_patient_idx" ON "patient_portal_sessions" USING btree ("patient_id");