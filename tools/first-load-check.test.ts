import { describe, expect, it } from 'vitest';
import { firstLoadIntruder } from '../apps/storefront/first-load-check';

const chunks = (byFile: Record<string, string[]>) =>
  new Map(Object.entries(byFile).map(([file, moduleIds]) => [file, { moduleIds }]));

// The build's check of the listing's first load (apps/storefront/vite.config.ts routePreloads)
describe('firstLoadIntruder', () => {
  const root = '/repo/apps/storefront/src';
  const listing = [
    `${root}/main.tsx`,
    `${root}/app/routes/listing-route.tsx`,
    `${root}/ui/button.tsx`,
  ];

  it('passes a first load of the entry and the listing', () => {
    expect(firstLoadIntruder(['index.js'], chunks({ 'index.js': listing }))).toBeNull();
  });

  it.each([
    [`${root}/features/seats/map/seat-legend.tsx`],
    [`${root}/app/stories/stories-route.tsx`],
  ])('names %s when a static import pulls it in', (intruder) => {
    const byFile = chunks({ 'index.js': listing, 'listing.js': [intruder] });
    expect(firstLoadIntruder(['index.js', 'listing.js'], byFile)).toBe(
      `the listing's first load would carry ${intruder} (in listing.js); load it lazily`,
    );
    // a chunk the first load does not take may hold it
    expect(firstLoadIntruder(['index.js'], byFile)).toBeNull();
  });
});
