CREATE TABLE "lab_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "samples_micro_verified_idx" ON "samples" USING btree ("site_id","datum") WHERE "samples"."mikrobiologija" and "samples"."status" = 'VERIFICIRAN';