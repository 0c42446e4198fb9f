ALTER TABLE "idempotency_key" ADD COLUMN "state" text DEFAULT 'started' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "order_secret" text;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "lease_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_key_open_idx" ON "idempotency_key" USING btree ("state","lease_until");--> statement-breakpoint
CREATE INDEX "idempotency_key_cart_idx" ON "idempotency_key" USING btree ("cart_id");--> statement-breakpoint
-- rows written before the state machine: an answer stored means the request is over
UPDATE "idempotency_key" SET "state" = 'completed' WHERE "status" IS NOT NULL;
