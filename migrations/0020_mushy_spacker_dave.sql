ALTER TABLE "products" ADD COLUMN "shipping_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_length_cm" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_label" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_max_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_pickup_code" text;