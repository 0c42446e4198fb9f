CREATE TABLE "cart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"cart_number" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"channel" text DEFAULT 'web' NOT NULL,
	"campaign" text,
	"preloaded_promo_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_info" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"ticket_order_id" uuid,
	"ticket_type_id" uuid NOT NULL,
	"ticket_group_id" uuid NOT NULL,
	"event_template_id" uuid NOT NULL,
	"event_session_id" uuid,
	"state" text NOT NULL,
	"admit_name" text,
	"admit_email" text,
	"additional_info" jsonb,
	"face_value" integer NOT NULL,
	"adjusted_value" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"seat_template_id" text,
	"holds_session_capacity" boolean DEFAULT false NOT NULL,
	"holds_group_capacity" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_ticket_group_id_ticket_group_id_fk" FOREIGN KEY ("ticket_group_id") REFERENCES "public"."ticket_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_event_template_id_event_template_id_fk" FOREIGN KEY ("event_template_id") REFERENCES "public"."event_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_event_session_id_event_session_id_fk" FOREIGN KEY ("event_session_id") REFERENCES "public"."event_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_seller_number_uq" ON "cart" USING btree ("seller_id","cart_number");--> statement-breakpoint
CREATE INDEX "cart_pending_expires_idx" ON "cart" USING btree ("expires_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "cart_identity_idx" ON "cart" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "ticket_cart_idx" ON "ticket" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "ticket_session_idx" ON "ticket" USING btree ("event_session_id");