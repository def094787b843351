CREATE TABLE "system_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"naziv" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"user_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hl7_messages" ALTER COLUMN "partner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "hl7_messages" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "system_clients" ADD CONSTRAINT "system_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_clients" ADD CONSTRAINT "system_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "system_clients_client_id_key" ON "system_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "system_clients_user_id_key" ON "system_clients" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "hl7_messages" ADD CONSTRAINT "hl7_messages_orderer_check" CHECK (("hl7_messages"."partner_id" is null) <> ("hl7_messages"."location_id" is null));