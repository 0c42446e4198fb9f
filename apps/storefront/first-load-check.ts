/**
 * Code the listing's first load must never carry, checked on every build (vite.config.ts
 * `routePreloads`): the listing's JavaScript has a budget (≤ 120 KB as sent, bench/bundle.ts;
 * issue #23). A static import that pulls one of these into the entry or the listing's chunks
 * fails the build, naming the chunk and the module.
 */
export const NOT_IN_FIRST_LOAD: readonly { what: string; pattern: RegExp }[] = [
  // loaded lazily by the event page of a seated event (issue #24)
  { what: 'the seat map and selector', pattern: /[\\/]src[\\/]features[\\/]seats[\\/]/ },
  // identity §2 "/_stories": the developer viewer, its own route chunk (decision 0068)
  { what: 'the developer viewer', pattern: /[\\/]src[\\/]app[\\/]stories[\\/]/ },
];

/** What the check reads of a built chunk (rolldown's `OutputChunk`). */
export interface BuiltChunk {
  moduleIds: readonly string[];
}

/** The first module among the listing's first-load files that must not be there, or null. */
export function firstLoadIntruder(
  files: readonly string[],
  byFile: ReadonlyMap<string, BuiltChunk>,
): string | null {
  for (const file of files) {
    const found = byFile
      .get(file)
      ?.moduleIds.find((id) => NOT_IN_FIRST_LOAD.some(({ pattern }) => pattern.test(id)));
    if (found) return `the listing's first load would carry ${found} (in ${file}); load it lazily`;
  }
  return null;
}
