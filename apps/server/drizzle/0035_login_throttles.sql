CREATE TABLE "login_throttles" (
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	CONSTRAINT "login_throttles_email_ip_pk" PRIMARY KEY("email","ip")
);
--> statement-breakpoint
CREATE INDEX "login_attempts_created_idx" ON "login_attempts" USING btree ("created_at");