CREATE TABLE "inventory_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"lot" text NOT NULL,
	"rok_trajanja" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"vrsta" text NOT NULL,
	"kolicina" integer NOT NULL,
	"sekcija_id" uuid,
	"napomena" text DEFAULT '' NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_movements_sign_check" CHECK (("inventory_movements"."vrsta" = 'ulaz' and "inventory_movements"."kolicina" > 0) or ("inventory_movements"."vrsta" = 'izlaz' and "inventory_movements"."kolicina" < 0))
);
--> statement-breakpoint
CREATE TABLE "inventory_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ln" text NOT NULL,
	"opis" text NOT NULL,
	"zasticeni_naziv" text DEFAULT '' NOT NULL,
	"zemlja_porijekla" text DEFAULT '' NOT NULL,
	"jedinica_mjere" text NOT NULL,
	"pakovanje" text DEFAULT '' NOT NULL,
	"sadrzaj" double precision NOT NULL,
	"upozorenje" text DEFAULT '' NOT NULL,
	"nivo" integer DEFAULT 0 NOT NULL,
	"danadoroka" integer DEFAULT 30 NOT NULL,
	"klasa_id" uuid,
	"program_id" uuid,
	"platforma_id" uuid,
	"proizvodjac_id" uuid,
	"oj_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_products_nivo_check" CHECK ("inventory_products"."nivo" >= 0),
	CONSTRAINT "inventory_products_danadoroka_check" CHECK ("inventory_products"."danadoroka" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_reference_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vrsta" text NOT NULL,
	"naziv" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_reference_entries_vrsta_check" CHECK ("inventory_reference_entries"."vrsta" in ('klasa', 'program', 'platforma', 'proizvodjac'))
);
--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD CONSTRAINT "inventory_lots_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD CONSTRAINT "inventory_lots_product_id_inventory_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."inventory_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_product_id_inventory_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."inventory_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_sekcija_id_lab_sections_id_fk" FOREIGN KEY ("sekcija_id") REFERENCES "public"."lab_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_klasa_id_inventory_reference_entries_id_fk" FOREIGN KEY ("klasa_id") REFERENCES "public"."inventory_reference_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_program_id_inventory_reference_entries_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."inventory_reference_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_platforma_id_inventory_reference_entries_id_fk" FOREIGN KEY ("platforma_id") REFERENCES "public"."inventory_reference_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_proizvodjac_id_inventory_reference_entries_id_fk" FOREIGN KEY ("proizvodjac_id") REFERENCES "public"."inventory_reference_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_oj_id_sites_id_fk" FOREIGN KEY ("oj_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_lots_site_product_lot_key" ON "inventory_lots" USING btree ("site_id","product_id","lot");--> statement-breakpoint
CREATE INDEX "inventory_lots_product_idx" ON "inventory_lots" USING btree ("site_id","product_id","rok_trajanja");--> statement-breakpoint
CREATE INDEX "inventory_movements_lot_idx" ON "inventory_movements" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "inventory_movements_list_idx" ON "inventory_movements" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_products_ln_key" ON "inventory_products" USING btree (upper("ln"));--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_reference_entries_name_key" ON "inventory_reference_entries" USING btree ("vrsta",lower("naziv"));