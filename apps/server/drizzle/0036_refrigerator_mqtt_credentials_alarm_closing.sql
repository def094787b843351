ALTER TABLE "refrigerators" ADD COLUMN "close_after_readings" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "refrigerators" ADD COLUMN "close_after_min" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "refrigerators" ADD COLUMN "mqtt_key_hash" text;--> statement-breakpoint
ALTER TABLE "refrigerators" ADD COLUMN "back_in_range_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refrigerators" ADD COLUMN "back_in_range_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refrigerators" ADD COLUMN "resumed_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refrigerators" ADD COLUMN "resumed_count" integer DEFAULT 0 NOT NULL;