CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"provider_ref" text NOT NULL,
	"provider_status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "boleto_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_once" ON "payment_events" USING btree ("payment_id","provider_ref","provider_status","amount_cents","outcome");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("provider","status");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'authorized', 'paid', 'declined', 'cancelled', 'expired', 'refunded'));