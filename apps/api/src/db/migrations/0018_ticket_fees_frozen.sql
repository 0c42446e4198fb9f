ALTER TABLE "ticket" ADD COLUMN "fee_fixed_outside" integer;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "fee_percent_outside" integer;--> statement-breakpoint
-- Backfill (decision 0047 "Update (frozen fees)"): a ticket already in an order is frozen at
-- what today's rule charges it, the closest record there is of what its buyer paid: contracts
-- rules/fees.ts `ticketFees` on its stored adjusted value with its type's current outside fees
-- (fixed fees unless the ticket is free and the fee is not `on_free`; each percent fee in
-- thousandths of a percent, rounded half away from zero per ticket). Cart tickets stay null:
-- they are priced live until checkout freezes them.
UPDATE "ticket" AS t
SET "fee_fixed_outside" = f.fixed, "fee_percent_outside" = f.percent
FROM (
  SELECT
    tk.id,
    coalesce(sum(CASE
      WHEN e->>'name' = 'fee_fixed_outside'
        AND (tk.adjusted_value <> 0 OR e->'on_free' = 'true'::jsonb)
      THEN (e->>'fee')::bigint ELSE 0 END), 0)::integer AS fixed,
    coalesce(sum(CASE
      WHEN e->>'name' = 'fee_percent_outside'
      THEN sign(tk.adjusted_value::bigint * (e->>'fee')::bigint)
        * ((abs(tk.adjusted_value::bigint * (e->>'fee')::bigint) + 50000) / 100000)
      ELSE 0 END), 0)::integer AS percent
  FROM "ticket" tk
  JOIN "ticket_type" tt ON tt.id = tk.ticket_type_id
  LEFT JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(tt.outside_fees) = 'array' THEN tt.outside_fees ELSE '[]'::jsonb END
  ) AS e
    ON jsonb_typeof(e) = 'object'
    AND jsonb_typeof(e->'name') = 'string'
    AND jsonb_typeof(e->'fee') = 'number'
    AND (e->>'fee')::numeric = trunc((e->>'fee')::numeric)
  WHERE tk.ticket_order_id IS NOT NULL
  GROUP BY tk.id
) AS f
WHERE t.id = f.id;
