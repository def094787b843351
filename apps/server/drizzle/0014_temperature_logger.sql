CREATE TABLE "logger_alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"refrigerator_id" uuid NOT NULL,
	"vrsta" text NOT NULL,
	"pocetak" timestamp with time zone NOT NULL,
	"podignut_at" timestamp with time zone NOT NULL,
	"vrijednost" real,
	"zavrsen_at" timestamp with time zone,
	"potvrden_at" timestamp with time zone,
	"potvrdio" uuid,
	"napomena" text
);
--> statement-breakpoint
CREATE TABLE "refrigerators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"naziv" text NOT NULL,
	"slave_id" integer NOT NULL,
	"aktivan" boolean DEFAULT true NOT NULL,
	"temp_min" real NOT NULL,
	"temp_max" real NOT NULL,
	"hum_min" real,
	"hum_max" real,
	"odgoda_alarma_min" integer NOT NULL,
	"limit_tisine_min" integer NOT NULL,
	"element" jsonb NOT NULL,
	"device_key_hash" text,
	"monitored_since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reading_at" timestamp with time zone,
	"last_temperatura" real,
	"last_vlaznost" real,
	"out_of_range_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temperature_daily" (
	"refrigerator_id" uuid NOT NULL,
	"dan" date NOT NULL,
	"n" integer NOT NULL,
	"t_min" real NOT NULL,
	"t_max" real NOT NULL,
	"t_sum" double precision NOT NULL,
	"h_n" integer NOT NULL,
	"h_min" real,
	"h_max" real,
	"h_sum" double precision NOT NULL,
	"van_opsega" integer NOT NULL,
	CONSTRAINT "temperature_daily_pkey" PRIMARY KEY("refrigerator_id","dan")
);
--> statement-breakpoint
CREATE TABLE "temperature_readings" (
	"refrigerator_id" uuid NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"temperatura" real NOT NULL,
	"vlaznost" real,
	CONSTRAINT "temperature_readings_pkey" PRIMARY KEY("refrigerator_id","time")
);
--> statement-breakpoint
ALTER TABLE "logger_alarms" ADD CONSTRAINT "logger_alarms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logger_alarms" ADD CONSTRAINT "logger_alarms_refrigerator_id_refrigerators_id_fk" FOREIGN KEY ("refrigerator_id") REFERENCES "public"."refrigerators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logger_alarms" ADD CONSTRAINT "logger_alarms_potvrdio_users_id_fk" FOREIGN KEY ("potvrdio") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refrigerators" ADD CONSTRAINT "refrigerators_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_daily" ADD CONSTRAINT "temperature_daily_refrigerator_id_refrigerators_id_fk" FOREIGN KEY ("refrigerator_id") REFERENCES "public"."refrigerators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD CONSTRAINT "temperature_readings_refrigerator_id_refrigerators_id_fk" FOREIGN KEY ("refrigerator_id") REFERENCES "public"."refrigerators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logger_alarms_open_key" ON "logger_alarms" USING btree ("refrigerator_id","vrsta") WHERE zavrsen_at is null;--> statement-breakpoint
CREATE INDEX "logger_alarms_site_idx" ON "logger_alarms" USING btree ("site_id","podignut_at");--> statement-breakpoint
CREATE INDEX "logger_alarms_refrigerator_idx" ON "logger_alarms" USING btree ("refrigerator_id","podignut_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refrigerators_site_slave_key" ON "refrigerators" USING btree ("site_id","slave_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refrigerators_device_key" ON "refrigerators" USING btree ("device_key_hash");--> statement-breakpoint
CREATE INDEX "temperature_readings_time_brin" ON "temperature_readings" USING brin ("time");