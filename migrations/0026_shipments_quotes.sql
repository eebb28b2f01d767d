CREATE TABLE "order_shipments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"shipment_id" text,
	"carrier" text,
	"service" text,
	"purchased_at" timestamp with time zone,
	"label_url" text,
	"tracking_code" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"tracked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_quotes" (
	"key" text PRIMARY KEY NOT NULL,
	"services" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "external_key" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_quotes_expires_idx" ON "shipping_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_external_key" ON "order_events" USING btree ("order_id","external_key");