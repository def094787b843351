ALTER TABLE "culture_isolates" ADD COLUMN "analyser_id" uuid;--> statement-breakpoint
ALTER TABLE "culture_isolates" ADD COLUMN "aparat" text;--> statement-breakpoint
ALTER TABLE "culture_isolates" ADD COLUMN "aparat_izolat" text;--> statement-breakpoint
ALTER TABLE "isolate_susceptibilities" ADD COLUMN "aparat_kategorija" text;--> statement-breakpoint
ALTER TABLE "culture_isolates" ADD CONSTRAINT "culture_isolates_analyser_id_analysers_id_fk" FOREIGN KEY ("analyser_id") REFERENCES "public"."analysers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "culture_isolates_instrument_key" ON "culture_isolates" USING btree ("culture_id","analyser_id","aparat_izolat") WHERE "culture_isolates"."analyser_id" is not null;--> statement-breakpoint
ALTER TABLE "isolate_susceptibilities" ADD CONSTRAINT "isolate_susceptibilities_instrument_sir_check" CHECK ("isolate_susceptibilities"."aparat_kategorija" is null or "isolate_susceptibilities"."aparat_kategorija" in ('S', 'I', 'R'));