CREATE TABLE "member_check_in" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"member_code" text NOT NULL,
	"day" text NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"api_key_id" uuid
);
--> statement-breakpoint
ALTER TABLE "member_check_in" ADD CONSTRAINT "member_check_in_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_check_in" ADD CONSTRAINT "member_check_in_api_key_id_seller_api_key_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."seller_api_key"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_check_in_day_uq" ON "member_check_in" USING btree ("seller_id","member_code","day");