CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"naziv" text NOT NULL,
	"vrste" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"telefon" text DEFAULT '' NOT NULL,
	"adresa" text DEFAULT '' NOT NULL,
	"id_broj" text DEFAULT '' NOT NULL,
	"aktivan" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_vrste_check" CHECK (jsonb_typeof("partners"."vrste") = 'array' and "partners"."vrste" <@ '["narucilac","osiguranje","dobavljac"]'::jsonb)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "partners_naziv_key" ON "partners" USING btree (lower("naziv"));