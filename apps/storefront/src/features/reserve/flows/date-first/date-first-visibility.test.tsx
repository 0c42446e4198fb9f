import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  EVENT_ID,
  eventBody,
  saturdayReads,
  setUpDateFirstRouteTests,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

/**
 * spec: shopping §9 "Calendar visibility threshold 0.4" (issue #25, decision 0065): the date-first
 * calendar is read once its reserve panel is 40% on screen.
 */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The browser reports the targets `ratio` visible. */
  report(ratio: number) {
    const entries = this.targets.map(
      (target) =>
        ({
          target,
          isIntersecting: ratio > 0,
          intersectionRatio: ratio,
        }) as IntersectionObserverEntry,
    );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const calendarReads = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.url.pathname === `/cached_api/events/${EVENT_ID}/calendar`);

/** requestIdleCallback held until the test says the page is idle. */
let idle: (() => void)[] = [];
function stubBrowser() {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', () => {});
}

function renderPage() {
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': eventBody(),
    ...saturdayReads(),
  });
  renderRoute(`/events/${EVENT_ID}`, { fetch });
  return fetch;
}

setUpDateFirstRouteTests();
afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.all = [];
  idle = [];
});

describe(
  'the date-first calendar waits until it is seen or the page is idle',
  { timeout: 15_000 },
  () => {
    it('reads the calendar once the panel is 40% visible, not before', async () => {
      stubBrowser();
      const fetch = renderPage();
      await screen.findByRole('heading', { name: 'Choose a date and tickets' });
      const panel = FakeObserver.all.find((o) => o.targets.length > 0)!;
      expect(panel.options.threshold).toBe(0.4);
      expect(panel.targets[0]).toHaveAccessibleName('Choose a date and tickets');

      act(() => panel.report(0.39));
      // a moment for a read that should not happen
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calendarReads(fetch)).toHaveLength(0);

      act(() => panel.report(0.4));
      expect(
        await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' }),
      ).toBeInTheDocument();
      expect(calendarReads(fetch)).toHaveLength(1);
    });

    it('reads it once the page is idle when the panel is never seen', async () => {
      stubBrowser();
      const fetch = renderPage();
      await screen.findByRole('heading', { name: 'Choose a date and tickets' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calendarReads(fetch)).toHaveLength(0);

      act(() => idle.splice(0).forEach((run) => run()));
      expect(
        await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' }),
      ).toBeInTheDocument();
      expect(calendarReads(fetch)).toHaveLength(1);
    });
  },
);
