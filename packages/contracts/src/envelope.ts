import { z } from 'zod';

/** A resource collection as every success body carries it: `{ _count, _total, _data }`. */
export const collectionSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    _count: z.number().int().nonnegative(),
    _total: z.number().int().nonnegative(),
    _data: z.array(item),
  });

export type Collection<T> = { _count: number; _total: number; _data: T[] };

/** Wraps rows in a collection; `_total` is the match count before `_limit` when known. */
export function toCollection<T>(data: T[], total: number = data.length): Collection<T> {
  return { _count: data.length, _total: total, _data: data };
}

/** One error item of the error envelope (spec: shopping §8, first item of the response data). */
export const errorItemSchema = z.object({
  _code: z.string(),
  _context: z.string().nullable(),
  _description: z.string(),
  _extra: z.record(z.string(), z.unknown()).nullable(),
});
export type ErrorItem = z.infer<typeof errorItemSchema>;

export const errorEnvelopeSchema = z.object({ _data: z.array(errorItemSchema).min(1) });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
