CREATE TABLE "group_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"range_from" date NOT NULL,
	"range_to" date NOT NULL,
	"orderers" integer NOT NULL,
	"without_address" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "group_mail_id" uuid;--> statement-breakpoint
ALTER TABLE "group_mails" ADD CONSTRAINT "group_mails_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_mails" ADD CONSTRAINT "group_mails_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_mails_site_idx" ON "group_mails" USING btree ("site_id","created_at");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_group_mail_id_group_mails_id_fk" FOREIGN KEY ("group_mail_id") REFERENCES "public"."group_mails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_group_mail_idx" ON "outbox_messages" USING btree ("group_mail_id") WHERE "outbox_messages"."group_mail_id" is not null;