/** One outside fee as stored on a ticket type (db/schema/catalog.ts `outside_fees`). */
export interface StoredFee {
  name: string;
  fee: number;
}

/**
 * A percent fee on one ticket: `thousandths` is thousandths of a percent (8875 = 8.875 %), so
 * the exact fee is face × thousandths / 100 000 minor units, rounded half away from zero to the
 * minor unit. The only rounding rule of the cart; applied per ticket, then summed.
 */
export function percentFee(faceMinor: number, thousandths: number): number {
  const numerator = faceMinor * thousandths;
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(numerator) + 50_000) / 100_000);
}

function storedFees(value: unknown): StoredFee[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (f): f is StoredFee =>
      typeof f === 'object' && f !== null && typeof f.name === 'string' && Number.isInteger(f.fee),
  );
}

/** Fixed and percent outside fees of one ticket, in minor units. */
export function ticketFees(faceMinor: number, outsideFees: unknown) {
  let fixed = 0;
  let percent = 0;
  for (const fee of storedFees(outsideFees)) {
    if (fee.name === 'fee_fixed_outside') fixed += fee.fee;
    if (fee.name === 'fee_percent_outside') percent += percentFee(faceMinor, fee.fee);
  }
  return { fixed, percent };
}
