import { errorEnvelopeSchema } from '@admit/contracts/envelope';

/** A success body as tests read it: collections keyed by resource type. */
export type CollectionsBody = Record<
  string,
  { _count: number; _total: number; _data: Record<string, unknown>[] }
>;

/** The first item of an error envelope; fails the test if the body is not one. */
export const firstError = (body: unknown) => errorEnvelopeSchema.parse(body)._data[0];
