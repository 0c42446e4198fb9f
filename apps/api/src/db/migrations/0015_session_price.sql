CREATE TABLE "session_price" (
	"event_session_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "session_price_event_session_id_ticket_type_id_pk" PRIMARY KEY("event_session_id","ticket_type_id"),
	CONSTRAINT "session_price_amount_nonnegative" CHECK ("session_price"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "session_price" ADD CONSTRAINT "session_price_event_session_id_event_session_id_fk" FOREIGN KEY ("event_session_id") REFERENCES "public"."event_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_price" ADD CONSTRAINT "session_price_ticket_type_id_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_price_type_idx" ON "session_price" USING btree ("ticket_type_id");