CREATE TABLE "analyser_leases" (
	"analyser_id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyser_leases" ADD CONSTRAINT "analyser_leases_analyser_id_analysers_id_fk" FOREIGN KEY ("analyser_id") REFERENCES "public"."analysers"("id") ON DELETE cascade ON UPDATE no action;