CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 999999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"ref" text NOT NULL,
	"series" smallint,
	"number" integer,
	"access_key" text,
	"cfop" text,
	"total_cents" integer,
	"referenced_key" text,
	"returned_lines" jsonb,
	"nota" jsonb,
	"xml_path" text,
	"danfe_path" text,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('sale', 'return')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('pending', 'processing', 'authorized', 'refused', 'cancelled')),
	CONSTRAINT "invoices_access_key_format" CHECK ("invoices"."access_key" is null or "invoices"."access_key" ~ '^[0-9]{44}$')
);
--> statement-breakpoint
ALTER TABLE "order_emails" DROP CONSTRAINT "order_emails_kind_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ncm" text DEFAULT '87089990' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origem" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cest" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'UN' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ref_key" ON "invoices" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_access_key_key" ON "invoices" USING btree ("access_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_sale_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'sale';--> statement-breakpoint
CREATE INDEX "invoices_refused_idx" ON "invoices" USING btree ("status") WHERE "invoices"."status" in ('pending', 'processing', 'refused');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ncm_format" CHECK ("products"."ncm" ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_origem_range" CHECK ("products"."origem" between 0 and 8);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cest_format" CHECK ("products"."cest" is null or "products"."cest" ~ '^[0-9]{7}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_check" CHECK ("products"."unit" in ('UN', 'PAR', 'KIT', 'JG'));--> statement-breakpoint
ALTER TABLE "order_emails" ADD CONSTRAINT "order_emails_kind_check" CHECK ("order_emails"."kind" in ('confirmation', 'paid', 'invoiced', 'shipped', 'delivered', 'cancelled') or "order_emails"."kind" ~ '^return:[0-9]+:[a-z]+$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_payment', 'paid', 'invoiced', 'picking', 'shipped', 'delivered', 'cancelled'));