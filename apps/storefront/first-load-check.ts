/**
 * Code the listing's first load must never carry, checked on every build (vite.config.ts
 * `routePreloads`): the listing's JavaScript has a budget (≤ 120 KB as sent, bench/bundle.ts;
 * issue #23). A static import that pulls one of these into the entry or the listing's chunks
 * fails the build, naming the chunk and the module.
 */
interface Forbidden {
  what: string;
  pattern: RegExp;
}

/**
 * Code no visitor page's load may carry, whichever page a visitor opens first (checked for every
 * page the host preloads): the back office (issue #27, decision 0087), staff's pages, one route
 * chunk of their own.
 */
export const NOT_IN_VISITOR_PAGES: readonly Forbidden[] = [
  { what: 'the back office', pattern: /[\\/]src[\\/]features[\\/]office[\\/]/ },
];

export const NOT_IN_FIRST_LOAD: readonly Forbidden[] = [
  ...NOT_IN_VISITOR_PAGES,
  // loaded lazily by the event page of a seated event (issue #24)
  { what: 'the seat map and selector', pattern: /[\\/]src[\\/]features[\\/]seats[\\/]/ },
  // identity §2 "/_stories": the developer viewer, its own route chunk (decision 0068)
  { what: 'the developer viewer', pattern: /[\\/]src[\\/]app[\\/]stories[\\/]/ },
];

/** What the check reads of a built chunk (rolldown's `OutputChunk`). */
export interface BuiltChunk {
  moduleIds: readonly string[];
}

/**
 * The first module among a page's first-load files that must not be there, or null: the
 * listing's (`NOT_IN_FIRST_LOAD`) by default, or another visitor page's (`NOT_IN_VISITOR_PAGES`).
 */
export function firstLoadIntruder(
  files: readonly string[],
  byFile: ReadonlyMap<string, BuiltChunk>,
  page: { name: string; forbidden: readonly Forbidden[] } = {
    name: 'listing',
    forbidden: NOT_IN_FIRST_LOAD,
  },
): string | null {
  for (const file of files) {
    const found = byFile
      .get(file)
      ?.moduleIds.find((id) => page.forbidden.some(({ pattern }) => pattern.test(id)));
    if (found)
      return `the ${page.name}'s first load would carry ${found} (in ${file}); load it lazily`;
  }
  return null;
}
