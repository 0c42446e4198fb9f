import { z } from 'zod';

/** A wire amount: a decimal string with two places ("25.00"), see money.ts. */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/, 'amount with two decimals');
