import { z } from 'zod';
import { SELLER_FILE_MAX_ITEMS } from './limits';

/**
 * The small value types of a seller definition file (decision 0041). The file is written by
 * people: money is a decimal ("25.00", a bare 25 is read the same), dates and times are the
 * venue's wall clock, and every entity has a `key` that names it across imports.
 */

/** A stable key: lower-case letters, digits and dashes (`general-admission`, `gc-25`). */
export const keySchema = z
  .string()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/,
    'a key is lower-case letters, digits and dashes',
  );

/** Money in the seller's currency: "25.00" (a number is read as the same decimal). */
export const moneySchema = z.union([
  z.string().regex(/^\d+(?:\.\d{1,2})?$/, 'money is a decimal such as "25.00"'),
  z.number().nonnegative().multipleOf(0.01),
]);
export type FileMoney = z.infer<typeof moneySchema>;

/** A calendar date, YYYY-MM-DD. */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a date is YYYY-MM-DD');

/**
 * A date, or one relative to the day of the import (`today`, `today+24`) in the venue's zone:
 * resolved when the row is created and never moved by a later import (decision 0041).
 */
export const relativeDateSchema = z.union([
  dateSchema,
  z.string().regex(/^today(?:\+\d{1,4})?$/, 'a relative date is today or today+N'),
]);

/** A wall-clock time, HH:MM (24 h). */
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time is HH:MM');

/** A wall-clock date and time in the seller's zone, YYYY-MM-DDTHH:MM. */
export const localDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'a date and time is YYYY-MM-DDTHH:MM');

/** A picture: a path relative to the file (stored through the image path) and its alt text. */
export const fileImageSchema = z.strictObject({
  image: z.string().min(1),
  alt: z.string(),
});

/** A path of keys: `event`, `event/group` or `event/group/type`. */
export const keyPathSchema = z
  .string()
  .regex(
    /^[a-z0-9-]+(?:\/[a-z0-9-]+){0,2}$/,
    'a key path is event, event/group or event/group/type',
  );

/** A list of the file: at most SELLER_FILE_MAX_ITEMS items unless told (issue 22). */
export const fileList = <T extends z.ZodType>(item: T, max = SELLER_FILE_MAX_ITEMS) =>
  z.array(item).max(max, `at most ${max} items in one list`);
