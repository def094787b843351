CREATE TABLE "hl7_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"reply" text NOT NULL,
	CONSTRAINT "hl7_attempts_outcome_check" CHECK ("hl7_attempts"."outcome" in ('sent', 'retry', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "hl7_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"sample_id" uuid NOT NULL,
	"verzija" integer NOT NULL,
	"partner_id" uuid NOT NULL,
	"orderer" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"control_id" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"claim_token" uuid,
	"last_reply" text,
	"sent_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hl7_messages_status_check" CHECK ("hl7_messages"."status" in ('queued', 'sending', 'sent', 'failed')),
	CONSTRAINT "hl7_messages_port_check" CHECK ("hl7_messages"."port" between 1 and 65535)
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "hl7_host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "hl7_port" integer;--> statement-breakpoint
ALTER TABLE "hl7_attempts" ADD CONSTRAINT "hl7_attempts_message_id_hl7_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."hl7_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_attempts" ADD CONSTRAINT "hl7_attempts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_messages" ADD CONSTRAINT "hl7_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_messages" ADD CONSTRAINT "hl7_messages_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_messages" ADD CONSTRAINT "hl7_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hl7_attempts_message_idx" ON "hl7_attempts" USING btree ("message_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "hl7_messages_control_id_key" ON "hl7_messages" USING btree ("control_id");--> statement-breakpoint
CREATE INDEX "hl7_messages_list_idx" ON "hl7_messages" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "hl7_messages_due_idx" ON "hl7_messages" USING btree ("next_attempt_at") WHERE "hl7_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "hl7_messages_claimed_idx" ON "hl7_messages" USING btree ("claimed_at") WHERE "hl7_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "hl7_messages_sample_idx" ON "hl7_messages" USING btree ("sample_id");--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_hl7_port_check" CHECK ("partners"."hl7_port" is null or "partners"."hl7_port" between 1 and 65535);