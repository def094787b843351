CREATE TABLE "inventory_contract_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"cijena" numeric(12, 2) NOT NULL,
	"kolicina" integer NOT NULL,
	CONSTRAINT "inventory_contract_lines_kolicina_check" CHECK ("inventory_contract_lines"."kolicina" > 0),
	CONSTRAINT "inventory_contract_lines_cijena_check" CHECK ("inventory_contract_lines"."cijena" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"broj" text NOT NULL,
	"vazi_od" date NOT NULL,
	"vazi_do" date NOT NULL,
	"napomena" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_contracts_validity_check" CHECK ("inventory_contracts"."vazi_do" >= "inventory_contracts"."vazi_od")
);
--> statement-breakpoint
CREATE TABLE "inventory_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"kolicina" integer NOT NULL,
	"cijena" numeric(12, 2),
	"contract_line_id" uuid,
	CONSTRAINT "inventory_order_lines_kolicina_check" CHECK ("inventory_order_lines"."kolicina" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broj" integer GENERATED ALWAYS AS IDENTITY (sequence name "inventory_orders_broj_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"contract_id" uuid,
	"status" text DEFAULT 'nacrt' NOT NULL,
	"napomena" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_orders_status_check" CHECK ("inventory_orders"."status" in ('nacrt', 'poslana', 'djelimicno', 'primljena', 'otkazana'))
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "contract_line_id" uuid;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "inventory_contract_lines" ADD CONSTRAINT "inventory_contract_lines_contract_id_inventory_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."inventory_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_contract_lines" ADD CONSTRAINT "inventory_contract_lines_product_id_inventory_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."inventory_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_contracts" ADD CONSTRAINT "inventory_contracts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_order_lines" ADD CONSTRAINT "inventory_order_lines_order_id_inventory_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."inventory_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_order_lines" ADD CONSTRAINT "inventory_order_lines_product_id_inventory_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."inventory_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_order_lines" ADD CONSTRAINT "inventory_order_lines_contract_line_id_inventory_contract_lines_id_fk" FOREIGN KEY ("contract_line_id") REFERENCES "public"."inventory_contract_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_contract_id_inventory_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."inventory_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_contract_lines_product_key" ON "inventory_contract_lines" USING btree ("contract_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_contracts_broj_key" ON "inventory_contracts" USING btree ("partner_id",upper("broj"));--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_order_lines_product_key" ON "inventory_order_lines" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_orders_broj_key" ON "inventory_orders" USING btree ("broj");--> statement-breakpoint
CREATE INDEX "inventory_orders_site_idx" ON "inventory_orders" USING btree ("site_id","created_at","id");--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_contract_line_id_inventory_contract_lines_id_fk" FOREIGN KEY ("contract_line_id") REFERENCES "public"."inventory_contract_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_order_line_id_inventory_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."inventory_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_movements_contract_line_idx" ON "inventory_movements" USING btree ("contract_line_id");--> statement-breakpoint
CREATE INDEX "inventory_movements_order_line_idx" ON "inventory_movements" USING btree ("order_line_id");