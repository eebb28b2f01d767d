CREATE TABLE "order_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_emails_kind_check" CHECK ("order_emails"."kind" in ('confirmation', 'paid', 'shipped', 'delivered', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_emails" ADD CONSTRAINT "order_emails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_emails_order_kind_key" ON "order_emails" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_emails_unsent_idx" ON "order_emails" USING btree ("created_at") WHERE "order_emails"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "orders_awaiting_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'awaiting_payment';