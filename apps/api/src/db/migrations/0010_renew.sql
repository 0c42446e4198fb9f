CREATE TABLE "membership_gift" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"ticket_order_id" uuid NOT NULL,
	"role_id" uuid,
	"giver_identity_id" uuid NOT NULL,
	"giftee_identity_id" uuid NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_renewal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"state" text DEFAULT 'started' NOT NULL,
	"cart_id" uuid,
	"renewed_membership_id" uuid,
	"outcome" text,
	"lease_until" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_payment_method" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"customer_ref" text,
	"payment_method_ref" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "membership_gift" ADD CONSTRAINT "membership_gift_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_gift" ADD CONSTRAINT "membership_gift_code_id_code_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."code"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_gift" ADD CONSTRAINT "membership_gift_ticket_order_id_ticket_order_id_fk" FOREIGN KEY ("ticket_order_id") REFERENCES "public"."ticket_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_gift" ADD CONSTRAINT "membership_gift_role_id_membership_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."membership_role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_gift" ADD CONSTRAINT "membership_gift_giver_identity_id_identity_id_fk" FOREIGN KEY ("giver_identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_gift" ADD CONSTRAINT "membership_gift_giftee_identity_id_identity_id_fk" FOREIGN KEY ("giftee_identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_renewal" ADD CONSTRAINT "membership_renewal_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_renewal" ADD CONSTRAINT "membership_renewal_membership_id_membership_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."membership"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_renewal" ADD CONSTRAINT "membership_renewal_renewed_membership_id_membership_id_fk" FOREIGN KEY ("renewed_membership_id") REFERENCES "public"."membership"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_method" ADD CONSTRAINT "saved_payment_method_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_method" ADD CONSTRAINT "saved_payment_method_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_gift_code_uq" ON "membership_gift" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "membership_gift_order_idx" ON "membership_gift" USING btree ("ticket_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_renewal_membership_uq" ON "membership_renewal" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_method_ref_uq" ON "saved_payment_method" USING btree ("identity_id","gateway","payment_method_ref");--> statement-breakpoint
CREATE INDEX "saved_payment_method_identity_idx" ON "saved_payment_method" USING btree ("identity_id","created_at");--> statement-breakpoint
CREATE INDEX "membership_auto_renew_idx" ON "membership" USING btree ("valid_to") WHERE auto_renew_state = 'scheduled';