CREATE TABLE "config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb
);
--> statement-breakpoint
CREATE TABLE "event_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"event_template_id" uuid NOT NULL,
	"start_datetime" timestamp with time zone NOT NULL,
	"end_datetime" timestamp with time zone NOT NULL,
	"capacity" integer DEFAULT -1 NOT NULL,
	"oversell_capacity" integer DEFAULT 0 NOT NULL,
	"used_capacity" integer DEFAULT 0 NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subtitle" text,
	"summary" text,
	"description" text,
	"category" text,
	"event_type" text NOT NULL,
	"hidden_type" text DEFAULT 'public_browsable' NOT NULL,
	"venue_id" uuid,
	"rank" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes_base64" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb
);
--> statement-breakpoint
CREATE TABLE "seller" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"timezone" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "ticket_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"event_template_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"summary" text,
	"color" integer DEFAULT 0 NOT NULL,
	"handler" text DEFAULT 'tickets' NOT NULL,
	"hidden_type" text DEFAULT 'public_browsable' NOT NULL,
	"start_policy" text,
	"start_policy_date" timestamp with time zone,
	"duration_new" text,
	"min_tickets_per_order" integer,
	"max_tickets_per_order" integer,
	"sales_start" timestamp with time zone,
	"sales_end" timestamp with time zone,
	"capacity" integer DEFAULT -1 NOT NULL,
	"oversell_capacity" integer DEFAULT 0 NOT NULL,
	"used_capacity" integer DEFAULT 0 NOT NULL,
	"exclude_from_event_capacity" boolean DEFAULT false NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"ticket_group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"summary" text,
	"rank" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"amount_min" integer,
	"amount_max" integer,
	"outside_fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"available" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "web_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "web_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "config" ADD CONSTRAINT "config_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_session" ADD CONSTRAINT "event_session_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_session" ADD CONSTRAINT "event_session_event_template_id_event_template_id_fk" FOREIGN KEY ("event_template_id") REFERENCES "public"."event_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_template" ADD CONSTRAINT "event_template_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_template" ADD CONSTRAINT "event_template_venue_id_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity" ADD CONSTRAINT "identity_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image" ADD CONSTRAINT "image_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta" ADD CONSTRAINT "meta_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_group" ADD CONSTRAINT "ticket_group_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_group" ADD CONSTRAINT "ticket_group_event_template_id_event_template_id_fk" FOREIGN KEY ("event_template_id") REFERENCES "public"."event_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type" ADD CONSTRAINT "ticket_type_ticket_group_id_ticket_group_id_fk" FOREIGN KEY ("ticket_group_id") REFERENCES "public"."ticket_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue" ADD CONSTRAINT "venue_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_session" ADD CONSTRAINT "web_session_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_session" ADD CONSTRAINT "web_session_identity_id_identity_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_resource_key_uq" ON "config" USING btree ("resource","resource_id","key");--> statement-breakpoint
CREATE INDEX "event_session_event_start_idx" ON "event_session" USING btree ("event_template_id","start_datetime");--> statement-breakpoint
CREATE INDEX "event_template_seller_idx" ON "event_template" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "identity_seller_idx" ON "identity" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_public_uq" ON "identity" USING btree ("seller_id") WHERE kind = 'public';--> statement-breakpoint
CREATE UNIQUE INDEX "image_seller_name_uq" ON "image" USING btree ("seller_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "meta_resource_key_uq" ON "meta" USING btree ("resource","resource_id","key");--> statement-breakpoint
CREATE INDEX "meta_key_idx" ON "meta" USING btree ("seller_id","key");--> statement-breakpoint
CREATE INDEX "ticket_group_event_idx" ON "ticket_group" USING btree ("event_template_id");--> statement-breakpoint
CREATE INDEX "ticket_type_group_idx" ON "ticket_type" USING btree ("ticket_group_id");--> statement-breakpoint
CREATE INDEX "web_session_expires_idx" ON "web_session" USING btree ("expires_at");