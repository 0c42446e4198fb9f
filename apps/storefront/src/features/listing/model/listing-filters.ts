/**
 * The listing's filters live in the URL so a filtered listing can be linked to.
 * spec: shopping §2 "Event listing" — query keys time.start, time.end, date, category, plus any
 * other key, which filters on the event metadata of that name.
 */

export const TIME_START_PARAM = 'time.start';
export const TIME_END_PARAM = 'time.end';
export const DATE_PARAM = 'date';
export const CATEGORY_PARAM = 'category';
const RESERVED_PARAMS = new Set([TIME_START_PARAM, TIME_END_PARAM, DATE_PARAM, CATEGORY_PARAM]);

/** `today` and `tomorrow` are relative to the seller's clock; a YYYY-MM-DD is taken as is. */
export type DateFilter = 'today' | 'tomorrow' | { on: string };

export interface MetaFilter {
  key: string;
  values: string[];
}

export interface ListingFilters {
  timeStart: string | null;
  timeEnd: string | null;
  date: DateFilter | null;
  categories: string[];
  meta: MetaFilter[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function splitValues(raw: string[]): string[] {
  const values = raw
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return [...new Set(values)];
}

function parseDate(raw: string | null): DateFilter | null {
  if (raw === 'today' || raw === 'tomorrow') return raw;
  if (raw && ISO_DATE.test(raw)) return { on: raw };
  return null;
}

export function parseListingFilters(params: URLSearchParams): ListingFilters {
  const metaKeys = [...new Set([...params.keys()].filter((key) => !RESERVED_PARAMS.has(key)))];
  return {
    timeStart: params.get(TIME_START_PARAM) || null,
    timeEnd: params.get(TIME_END_PARAM) || null,
    date: parseDate(params.get(DATE_PARAM)),
    categories: splitValues(params.getAll(CATEGORY_PARAM)),
    meta: metaKeys
      .map((key) => ({ key, values: splitValues(params.getAll(key)) }))
      .filter((filter) => filter.values.length > 0),
  };
}

export function hasAnyFilter(filters: ListingFilters): boolean {
  return Boolean(
    filters.timeStart ||
    filters.timeEnd ||
    filters.date ||
    filters.categories.length > 0 ||
    filters.meta.length > 0,
  );
}

/** A copy of `params` with one key replaced (or removed when `value` is null). */
export function withParam(
  params: URLSearchParams,
  key: string,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(key);
  if (value !== null) next.set(key, value);
  return next;
}

/** "See all" of the metadata chips: drops every metadata key, keeps the other filters. */
export function withoutMetaFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (RESERVED_PARAMS.has(key)) next.append(key, value);
  }
  return next;
}
