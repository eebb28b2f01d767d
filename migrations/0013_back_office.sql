CREATE TABLE "catalog_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"file_name" text NOT NULL,
	"file" "bytea" NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalog_imports_status_check" CHECK ("catalog_imports"."status" in ('dry_run', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "imported_photos" (
	"source_url" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" text,
	"source" text NOT NULL,
	"old_price_cents" integer NOT NULL,
	"new_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_changes_source_check" CHECK ("price_changes"."source" in ('edicao', 'lote', 'importacao'))
);
--> statement-breakpoint
CREATE TABLE "customer_record_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"viewer_id" text NOT NULL,
	"customer_id" text,
	"kind" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_percent_range";--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "kind" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "min_order_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_changes_product_idx" ON "price_changes" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_record_views_customer_idx" ON "customer_record_views" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "products_ref_code_idx" ON "products" USING btree (upper("ref_code"));--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_cpf_idx" ON "orders" USING btree ("customer_cpf");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_code");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_value_check" CHECK (("coupons"."kind" = 'percent' and "coupons"."percent" > 0 and "coupons"."percent" <= 100 and "coupons"."amount_cents" is null) or ("coupons"."kind" = 'fixed' and "coupons"."amount_cents" > 0 and "coupons"."percent" is null));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_limits_check" CHECK ("coupons"."min_order_cents" >= 0 and ("coupons"."usage_limit" is null or "coupons"."usage_limit" > 0) and ("coupons"."per_customer_limit" is null or "coupons"."per_customer_limit" > 0));