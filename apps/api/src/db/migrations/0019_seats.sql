CREATE TABLE "seat_layout" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"venue_id" uuid,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"width" real NOT NULL,
	"height" real NOT NULL,
	"other_elements" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seat_layout_id" uuid NOT NULL,
	"section" text NOT NULL,
	"row" text NOT NULL,
	"seat" text NOT NULL,
	"zone" text,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"r" real NOT NULL,
	"sort" integer NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"accessibility" text,
	"companion_of" uuid,
	"previous_id" uuid,
	"next_id" uuid
);
--> statement-breakpoint
CREATE TABLE "seat_template_group" (
	"seat_template_id" uuid NOT NULL,
	"ticket_group_id" uuid NOT NULL,
	CONSTRAINT "seat_template_group_seat_template_id_ticket_group_id_pk" PRIMARY KEY("seat_template_id","ticket_group_id")
);
--> statement-breakpoint
ALTER TABLE "event_session" ADD COLUMN "seat_layout_id" uuid;--> statement-breakpoint
ALTER TABLE "seat_layout" ADD CONSTRAINT "seat_layout_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_layout" ADD CONSTRAINT "seat_layout_venue_id_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_template" ADD CONSTRAINT "seat_template_seat_layout_id_seat_layout_id_fk" FOREIGN KEY ("seat_layout_id") REFERENCES "public"."seat_layout"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_template_group" ADD CONSTRAINT "seat_template_group_seat_template_id_seat_template_id_fk" FOREIGN KEY ("seat_template_id") REFERENCES "public"."seat_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_template_group" ADD CONSTRAINT "seat_template_group_ticket_group_id_ticket_group_id_fk" FOREIGN KEY ("ticket_group_id") REFERENCES "public"."ticket_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_layout_seller_key_idx" ON "seat_layout" USING btree ("seller_id","key");--> statement-breakpoint
CREATE INDEX "seat_template_layout_idx" ON "seat_template" USING btree ("seat_layout_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_template_name_idx" ON "seat_template" USING btree ("seat_layout_id","section","row","seat");--> statement-breakpoint
CREATE INDEX "seat_template_group_group_idx" ON "seat_template_group" USING btree ("ticket_group_id");--> statement-breakpoint
ALTER TABLE "event_session" ADD CONSTRAINT "event_session_seat_layout_id_seat_layout_id_fk" FOREIGN KEY ("seat_layout_id") REFERENCES "public"."seat_layout"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_session_seat_idx" ON "ticket" USING btree ("event_session_id","seat_template_id") WHERE seat_template_id is not null and state not in ('cancelled', 'unbooked');