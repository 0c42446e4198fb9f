import { describe, expect, it } from 'vitest';
import { NOT_IN_VISITOR_PAGES, firstLoadIntruder } from '../apps/storefront/first-load-check';

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
    [`${root}/features/office/shell/office-route.tsx`],
    [`${root}/features/office/api/office-request.ts`],
  ])('names %s when a static import pulls it in', (intruder) => {
    const byFile = chunks({ 'index.js': listing, 'listing.js': [intruder] });
    expect(firstLoadIntruder(['index.js', 'listing.js'], byFile)).toBe(
      `the listing's first load would carry ${intruder} (in listing.js); load it lazily`,
    );
    // a chunk the first load does not take may hold it
    expect(firstLoadIntruder(['index.js'], byFile)).toBeNull();
  });

  it("names the office's code in any visitor page's first load, and lets the seats be", () => {
    const office = `${root}/features/office/shell/office-layout.tsx`;
    const seats = `${root}/features/seats/map/seat-legend.tsx`;
    const page = { name: 'event page', forbidden: NOT_IN_VISITOR_PAGES };
    const byFile = chunks({ 'index.js': listing, 'event.js': [seats], 'office.js': [office] });
    expect(firstLoadIntruder(['index.js', 'event.js'], byFile, page)).toBeNull();
    expect(firstLoadIntruder(['index.js', 'event.js', 'office.js'], byFile, page)).toBe(
      `the event page's first load would carry ${office} (in office.js); load it lazily`,
    );
  });
});
