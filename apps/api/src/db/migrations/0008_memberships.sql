CREATE TABLE "membership_identity_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"identity_id" uuid,
	"ticket_id" uuid,
	"party_role" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_program" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"term_months" integer DEFAULT 12 NOT NULL,
	"renewal_days" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"membership_program_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"benefits" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"ticket_group_id" uuid NOT NULL,
	"party_role" text NOT NULL,
	"min" integer DEFAULT 0 NOT NULL,
	"max" integer DEFAULT 1 NOT NULL,
	"named" text DEFAULT 'yes' NOT NULL,
	"emailed" text DEFAULT 'no' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "membership_seller_code_uq";--> statement-breakpoint
ALTER TABLE "cart" ADD COLUMN "auto_renew" boolean;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "party_role" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "role_id" uuid;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "previous_membership_id" uuid;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "gift_code_id" uuid;--> statement-breakpoint
ALTER TABLE "membership_identity_link" ADD CONSTRAINT "membership_identity_link_membership_id_membership_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."membership"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_identity_link" ADD CONSTRAINT "membership_identity_link_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_identity_link" ADD CONSTRAINT "membership_identity_link_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_program" ADD CONSTRAINT "membership_program_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_role" ADD CONSTRAINT "membership_role_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_role" ADD CONSTRAINT "membership_role_membership_program_id_membership_program_id_fk" FOREIGN KEY ("membership_program_id") REFERENCES "public"."membership_program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_role" ADD CONSTRAINT "membership_role_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_rule" ADD CONSTRAINT "membership_rule_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_rule" ADD CONSTRAINT "membership_rule_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_rule" ADD CONSTRAINT "membership_rule_ticket_group_id_ticket_group_id_fk" FOREIGN KEY ("ticket_group_id") REFERENCES "public"."ticket_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_identity_link_membership_idx" ON "membership_identity_link" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "membership_identity_link_identity_idx" ON "membership_identity_link" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_role_type_uq" ON "membership_role" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_rule_type_role_uq" ON "membership_rule" USING btree ("ticket_type_id","party_role");--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_role_id_membership_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."membership_role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_ticket_order_id_ticket_order_id_fk" FOREIGN KEY ("ticket_order_id") REFERENCES "public"."ticket_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_previous_membership_id_membership_id_fk" FOREIGN KEY ("previous_membership_id") REFERENCES "public"."membership"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_gift_code_id_code_id_fk" FOREIGN KEY ("gift_code_id") REFERENCES "public"."code"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_previous_uq" ON "membership" USING btree ("previous_membership_id");--> statement-breakpoint
CREATE INDEX "membership_code_idx" ON "membership" USING btree ("seller_id","member_code");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_seller_code_uq" ON "membership" USING btree ("seller_id","member_code") WHERE previous_membership_id is null;