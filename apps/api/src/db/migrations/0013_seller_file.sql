CREATE TABLE "catalog_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"resource_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"event_template_id" uuid NOT NULL,
	"definition" jsonb NOT NULL,
	"laid_out_through" date
);
--> statement-breakpoint
ALTER TABLE "event_session" ADD COLUMN "session_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "catalog_key" ADD CONSTRAINT "catalog_key_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_rule" ADD CONSTRAINT "session_rule_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_rule" ADD CONSTRAINT "session_rule_event_template_id_event_template_id_fk" FOREIGN KEY ("event_template_id") REFERENCES "public"."event_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_key_seller_kind_key_uq" ON "catalog_key" USING btree ("seller_id","kind","key");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_key_kind_resource_uq" ON "catalog_key" USING btree ("kind","resource_id");--> statement-breakpoint
CREATE INDEX "session_rule_event_idx" ON "session_rule" USING btree ("event_template_id");--> statement-breakpoint
ALTER TABLE "event_session" ADD CONSTRAINT "event_session_session_rule_id_session_rule_id_fk" FOREIGN KEY ("session_rule_id") REFERENCES "public"."session_rule"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_session_rule_start_idx" ON "event_session" USING btree ("session_rule_id","start_datetime");