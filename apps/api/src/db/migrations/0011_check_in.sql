CREATE TABLE "seller_api_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "scan_code" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "redeemed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "redeemed_by_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "seller_api_key" ADD CONSTRAINT "seller_api_key_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_api_key_hash_uq" ON "seller_api_key" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "seller_api_key_seller_idx" ON "seller_api_key" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_redeemed_by_api_key_id_seller_api_key_id_fk" FOREIGN KEY ("redeemed_by_api_key_id") REFERENCES "public"."seller_api_key"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_scan_code_idx" ON "ticket" USING btree ("scan_code");--> statement-breakpoint
CREATE INDEX "ticket_order_scan_code_idx" ON "ticket_order" USING btree ("seller_id","scan_code");--> statement-breakpoint
CREATE INDEX "ticket_order_seller_created_idx" ON "ticket_order" USING btree ("seller_id","created_at");