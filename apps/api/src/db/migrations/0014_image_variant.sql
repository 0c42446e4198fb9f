CREATE TABLE "image_variant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_id" uuid NOT NULL,
	"source_hash" text NOT NULL,
	"requested_width" integer NOT NULL,
	"requested_height" integer NOT NULL,
	"requested_format" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"etag" text NOT NULL,
	"bytes_base64" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image" ADD COLUMN "content_hash" text GENERATED ALWAYS AS (md5(bytes_base64)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "image_variant" ADD CONSTRAINT "image_variant_image_id_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."image"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "image_variant_request_uq" ON "image_variant" USING btree ("image_id","source_hash","requested_width","requested_height","requested_format");