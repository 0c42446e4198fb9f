ALTER TABLE "cart" ADD COLUMN "giftee_identity_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD COLUMN "giftee_identity_id" uuid;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_giftee_identity_id_identity_id_fk" FOREIGN KEY ("giftee_identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_order" ADD CONSTRAINT "ticket_order_giftee_identity_id_identity_id_fk" FOREIGN KEY ("giftee_identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;