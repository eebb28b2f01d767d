CREATE TABLE "garage_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"vehicle_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_fitments" (
	"product_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"year_from" smallint NOT NULL,
	"year_to" smallint NOT NULL,
	CONSTRAINT "product_fitments_pkey" PRIMARY KEY("product_id","vehicle_id","year_from"),
	CONSTRAINT "product_fitments_years_check" CHECK ("product_fitments"."year_from" between 1900 and 2100 and "product_fitments"."year_to" between "product_fitments"."year_from" and 2100)
);
--> statement-breakpoint
CREATE TABLE "product_universal_fitments" (
	"product_id" integer NOT NULL,
	"vehicle_type" text NOT NULL,
	CONSTRAINT "product_universal_fitments_pkey" PRIMARY KEY("product_id","vehicle_type"),
	CONSTRAINT "product_universal_fitments_type_check" CHECK ("product_universal_fitments"."vehicle_type" in ('carros', 'motos', 'caminhoes'))
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"make" text NOT NULL,
	"make_slug" text NOT NULL,
	"model" text NOT NULL,
	"model_slug" text NOT NULL,
	"version" text NOT NULL,
	"engine" text NOT NULL,
	"year_from" smallint NOT NULL,
	"year_to" smallint NOT NULL,
	CONSTRAINT "vehicles_type_check" CHECK ("vehicles"."type" in ('carros', 'motos', 'caminhoes')),
	CONSTRAINT "vehicles_years_check" CHECK ("vehicles"."year_from" between 1900 and 2100 and "vehicles"."year_to" between "vehicles"."year_from" and 2100)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fitment_keys" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_universal_fitments" ADD CONSTRAINT "product_universal_fitments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_user_vehicle_key" ON "garage_vehicles" USING btree ("user_id","vehicle_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_one_active_key" ON "garage_vehicles" USING btree ("user_id") WHERE "garage_vehicles"."active";--> statement-breakpoint
CREATE INDEX "product_fitments_vehicle_idx" ON "product_fitments" USING btree ("vehicle_id","year_from","year_to","product_id");--> statement-breakpoint
CREATE INDEX "product_universal_fitments_type_idx" ON "product_universal_fitments" USING btree ("vehicle_type","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_key" ON "vehicles" USING btree ("type","make_slug","model_slug","version","year_from");--> statement-breakpoint
CREATE INDEX "products_fitment_keys_idx" ON "products" USING gin ("fitment_keys");