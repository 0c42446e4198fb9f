CREATE TABLE "ticket_scan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"api_key_id" uuid NOT NULL,
	"door_session_id" uuid,
	"door_date" text
);
--> statement-breakpoint
ALTER TABLE "ticket_scan" ADD CONSTRAINT "ticket_scan_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scan" ADD CONSTRAINT "ticket_scan_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scan" ADD CONSTRAINT "ticket_scan_api_key_id_seller_api_key_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."seller_api_key"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_scan_ticket_idx" ON "ticket_scan" USING btree ("ticket_id","scanned_at");