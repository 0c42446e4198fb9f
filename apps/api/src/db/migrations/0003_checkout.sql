CREATE TABLE "cart_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"voucher" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"block_reason" text DEFAULT 'code_required' NOT NULL,
	"code_group" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text DEFAULT 'promo' NOT NULL,
	"code_group" text,
	"name" text NOT NULL,
	"description" text,
	"discount_type" text DEFAULT 'percent' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"resource" text,
	"resource_id" uuid,
	"blocking_checkout" boolean DEFAULT false NOT NULL,
	"activating_code_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_card" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"number" text NOT NULL,
	"balance" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"ticket_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"gateway_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"gateway_ref" text,
	"gateway_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ticket_order_cart_idx";--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "access_secret_hash" text;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "total_before_cartmod_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "total_fee_fixed_outside" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "total_fee_percent_outside" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "total_cartmod_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "total_after_fees_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "scan_code" text;--> statement-breakpoint
ALTER TABLE "cart_code" ADD CONSTRAINT "cart_code_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_code" ADD CONSTRAINT "cart_code_code_id_code_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."code"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_rule" ADD CONSTRAINT "checkout_rule_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code" ADD CONSTRAINT "code_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_card" ADD CONSTRAINT "ledger_card_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_code_cart_code_uq" ON "cart_code" USING btree ("cart_id","code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_seller_code_uq" ON "code" USING btree ("seller_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_key_seller_key_uq" ON "idempotency_key" USING btree ("seller_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_card_seller_number_uq" ON "ledger_card" USING btree ("seller_id","number");--> statement-breakpoint
CREATE INDEX "payment_cart_idx" ON "payment" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_order_cart_uq" ON "ticket_order" USING btree ("cart_id");