CREATE TABLE "return_shipments" (
	"return_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"shipment_id" text,
	"carrier" text,
	"service" text,
	"purchased_at" timestamp with time zone,
	"label_url" text,
	"tracking_code" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "correios_code" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "postage_refund_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_shipments" ADD CONSTRAINT "return_shipments_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_postage_refund_range" CHECK ("returns"."postage_refund_cents" between 0 and 20000);