import { toCollection, type Collection } from '@admit/contracts/envelope';

/** Drops repeats by id, keeping the first: several events may share one venue. */
export function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/**
 * A success body: the primary collection keyed by its resource type, and each requested embed as
 * a SIBLING collection (never nested), joined by `*_id` fields. `_total` of the primary is the
 * match count before `_limit`; siblings are complete, so their total is their length.
 */
export function resourceBody<K extends string, T, E extends Record<string, unknown[] | undefined>>(
  key: K,
  primary: { data: T[]; total: number },
  siblings: E = {} as E,
): { [P in K]: Collection<T> } & { [P in keyof E]?: Collection<NonNullable<E[P]>[number]> } {
  const body: Record<string, Collection<unknown>> = {
    [key]: toCollection(primary.data, primary.total),
  };
  for (const [name, items] of Object.entries(siblings)) {
    if (items !== undefined) body[name] = toCollection(items);
  }
  return body as never;
}
