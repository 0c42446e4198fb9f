import { localDate, localTime } from '@/lib/zoned-time';

/**
 * The database's values in a seller file's form (decision 0041), shared by the export's parts;
 * desired-values.ts is the way back.
 */

/** Drops the unset fields, so an exported file names only what a seller would write. */
export const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
export const orNone = <T>(v: T | null): T | undefined => (v === null ? undefined : v);
/** thousandths of a percent back to a percent (docs/decisions/0002) */
export const percentOf = (millipercent: number) => millipercent / 1000;
/** An instant as the file's local `YYYY-MM-DDTHH:MM` in `zone`. */
export const wallClockOf = (instant: Date | null, zone: string) =>
  instant === null ? undefined : `${localDate(instant, zone)}T${localTime(instant, zone)}`;
/** The last key of a key path (`event/group/type` → `type`): nested entries name only their own. */
export const lastKey = (path: string) => path.split('/').at(-1)!;
