CREATE TABLE "seller_domain" (
	"host" text PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"environment" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_domain" ADD CONSTRAINT "seller_domain_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_domain_seller_idx" ON "seller_domain" USING btree ("seller_id");