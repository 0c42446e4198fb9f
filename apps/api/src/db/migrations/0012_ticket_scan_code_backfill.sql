-- Tickets booked before check-in existed get their own scan code stored (decision 0042): the
-- same value modules/orders/codes.ts `ticketScanCode` derives, first 16 hex digits of
-- sha256("{order scan code}:{ticket id}"), upper case.
UPDATE "ticket" AS t
SET "scan_code" = upper(substr(encode(sha256(convert_to(o."scan_code" || ':' || t."id"::text, 'UTF8')), 'hex'), 1, 16))
FROM "ticket_order" AS o
WHERE t."ticket_order_id" = o."id" AND o."scan_code" IS NOT NULL AND t."scan_code" IS NULL;
