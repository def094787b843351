CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" uuid,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"site_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"field" text,
	"old_value" jsonb,
	"new_value" jsonb,
	"reason" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "lab_assays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sifra" text NOT NULL,
	"naziv" text NOT NULL,
	"analit" text NOT NULL,
	"sekcija_id" uuid NOT NULL,
	"sample_type_id" uuid,
	"jedinica" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2) DEFAULT '0' NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"calculated" boolean DEFAULT false NOT NULL,
	"formula" text,
	"calculated_tests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decimals" integer DEFAULT 2 NOT NULL,
	"critical_low" numeric,
	"critical_high" numeric,
	"disabled" boolean DEFAULT false NOT NULL,
	"tip" text DEFAULT 'Standard' NOT NULL,
	"redoslijed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sifra" text NOT NULL,
	"naziv" text NOT NULL,
	"redoslijed" integer DEFAULT 0 NOT NULL,
	"mikrobiologija" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"labassay_id" uuid NOT NULL,
	"spol" text,
	"age_min_days" integer DEFAULT 0 NOT NULL,
	"age_max_days" integer DEFAULT 54750 NOT NULL,
	"trudnica" boolean,
	"low" numeric,
	"high" numeric,
	"tekst" text
);
--> statement-breakpoint
CREATE TABLE "sample_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sifra" text NOT NULL,
	"naziv" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_seconds" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "setting_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sifra" text NOT NULL,
	"naziv" text NOT NULL,
	"name" text NOT NULL,
	"mjesta" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"adresa" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'Europe/Sarajevo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sites" (
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "user_sites_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"ime" text DEFAULT '' NOT NULL,
	"prezime" text DEFAULT '' NOT NULL,
	"access_level" integer DEFAULT 1 NOT NULL,
	"role" text NOT NULL,
	"language" text DEFAULT 'bs' NOT NULL,
	"idle_time" integer DEFAULT 28800 NOT NULL,
	"default_route" text DEFAULT '/statistika' NOT NULL,
	"pid_bcode" boolean DEFAULT false NOT NULL,
	"customer" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_assays" ADD CONSTRAINT "lab_assays_sekcija_id_lab_sections_id_fk" FOREIGN KEY ("sekcija_id") REFERENCES "public"."lab_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_assays" ADD CONSTRAINT "lab_assays_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_ranges" ADD CONSTRAINT "reference_ranges_labassay_id_lab_assays_id_fk" FOREIGN KEY ("labassay_id") REFERENCES "public"."lab_assays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_records" ADD CONSTRAINT "setting_records_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sites" ADD CONSTRAINT "user_sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sites" ADD CONSTRAINT "user_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_entity_idx" ON "access_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_assays_sifra_key" ON "lab_assays" USING btree ("sifra");--> statement-breakpoint
CREATE INDEX "lab_assays_sekcija_idx" ON "lab_assays" USING btree ("sekcija_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_sections_sifra_key" ON "lab_sections" USING btree ("sifra");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "reference_ranges_labassay_idx" ON "reference_ranges" USING btree ("labassay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_types_sifra_key" ON "sample_types" USING btree ("sifra");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "setting_records_type_idx" ON "setting_records" USING btree ("type","site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_sifra_key" ON "sites" USING btree ("sifra");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));