CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"wanted_variant_id" integer,
	CONSTRAINT "return_lines_quantity_pos" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"decision_note" text,
	"authorization_code" text,
	"postage_paid_by" text,
	"refund_cents" integer,
	"refund_ref" text,
	"refunded_at" timestamp with time zone,
	"refund_error" text,
	"exchange_order_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_reason_check" CHECK ("returns"."reason" in ('withdrawal', 'defect', 'exchange')),
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('requested', 'approved', 'refused', 'received')),
	CONSTRAINT "returns_refund_nonneg" CHECK ("returns"."refund_cents" is null or "returns"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_emails" DROP CONSTRAINT "order_emails_kind_check";--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_line_key" ON "return_lines" USING btree ("return_id","order_line_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_authorization_key" ON "returns" USING btree ("authorization_code");--> statement-breakpoint
ALTER TABLE "order_emails" ADD CONSTRAINT "order_emails_kind_check" CHECK ("order_emails"."kind" in ('confirmation', 'paid', 'shipped', 'delivered', 'cancelled') or "order_emails"."kind" ~ '^return:[0-9]+:[a-z]+$');