import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  ADMISSION_ID,
  listingBody,
  TOUR_ID,
  withCategories,
} from '@/features/listing/listing-test-kit';

const AVAILABLE = 'GET /cached_api/events/available';

/** Answers like the API: `category._in` and `meta.audience._in` narrow the list. */
function filteringApi(request: StubRequest) {
  const body = listingBody();
  const categories = request.url.searchParams.get('category._in');
  const audience = request.url.searchParams.get('meta.audience._in');
  if (audience && audience !== 'Families') return withCategories(body, []);
  if (audience) return withCategories(body, ['Tours']);
  return categories ? withCategories(body, categories.split(',')) : body;
}

function availableRequests(fetch: { requests: StubRequest[] }) {
  return fetch.requests.filter((r) => r.url.pathname === '/cached_api/events/available');
}

// the route is a lazy chunk: load it once up front so the first test's findBy timeout measures
// the page, not the cold transform of the module graph
beforeAll(async () => {
  await import('@/features/listing/listing-route');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('event listing (shopping §2)', () => {
  it('shows a card per event from the API, each linking to its event', async () => {
    const fetch = createFetchStub({ [AVAILABLE]: listingBody() });
    renderRoute('/events', { fetch });

    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    const admission = await screen.findByRole('link', { name: 'General Admission' });
    expect(admission).toHaveAttribute('href', `/demo-museum/events/${ADMISSION_ID}`);
    expect(screen.getByRole('link', { name: 'Highlights Tour' })).toHaveAttribute(
      'href',
      `/demo-museum/events/${TOUR_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Curator Talk' })).toBeInTheDocument();

    const card = admission.closest('article')!;
    // spec: teaser 272x216 requested at double size; the cheapest ticket in the seller currency
    const teaser = within(card).getByRole('img', { name: 'The great hall' });
    expect(teaser).toHaveAttribute('src', '/api/image/demo-museum/hall.jpg?width=544&height=432');
    // the first card is the phone's largest image: fetched first, its box kept
    expect(teaser).toHaveAttribute('fetchpriority', 'high');
    expect([teaser.getAttribute('width'), teaser.getAttribute('height')]).toEqual(['272', '216']);
    expect(teaser.parentElement?.querySelector('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      '/api/image/demo-museum/hall.jpg?width=272&height=216&format=webp 272w, ' +
        '/api/image/demo-museum/hall.jpg?width=544&height=432&format=webp 544w, ' +
        '/api/image/demo-museum/hall.jpg?width=816&height=648&format=webp 816w',
    );
    expect(within(card).getByText('from $12.00')).toBeInTheDocument();
    expect(within(card).getByText('Admission')).toBeInTheDocument();
    expect(screen.getByText('Forty minutes with a guide')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Your cart' })).toHaveTextContent(
      'Your cart is empty',
    );
    await waitFor(() => expect(document.title).toBe('Events - Demo Museum Tickets'));

    const [request] = availableRequests(fetch);
    expect(request?.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(request?.url.searchParams.get('_embed')).toBe(
      'meta,config,venue,ticket_group,ticket_type',
    );
    expect(request?.url.searchParams.get('hidden_type._in')).toBe(
      'public_browsable,public_member_only',
    );
    expect(request?.headers.get('tix-app')).toBe('ecomm');
  });

  it('filters by category with "See all" plus each category', async () => {
    const fetch = createFetchStub({ [AVAILABLE]: filteringApi });
    const { user } = renderRoute('/events', { fetch });

    const categories = await screen.findByRole('toolbar', { name: 'Category' });
    const buttons = within(categories).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['See all', 'Admission', 'Tours', 'Talks']);
    expect(within(categories).getByRole('button', { name: 'See all' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(categories).getByRole('button', { name: 'Tours' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'General Admission' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Highlights Tour' })).toBeInTheDocument();
    expect(within(categories).getByRole('button', { name: 'Tours' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      availableRequests(fetch).some((r) => r.url.searchParams.get('category._in') === 'Tours'),
    ).toBe(true);
    // the choices still come from the unfiltered list
    expect(within(categories).getAllByRole('button')).toHaveLength(4);
  });

  it('makes each filter row one Tab stop, with arrow keys between its chips (issue 13)', async () => {
    const fetch = createFetchStub({ [AVAILABLE]: filteringApi });
    const { user } = renderRoute('/events', { fetch });

    const categories = await screen.findByRole('toolbar', { name: 'Category' });
    const dates = screen.getByRole('toolbar', { name: 'Date' });
    const seeAll = within(categories).getByRole('button', { name: 'See all' });
    seeAll.focus();
    // Tab leaves the category row for the date row, then for the first event
    await user.tab();
    expect(within(dates).getByRole('button', { name: 'All dates' })).toHaveFocus();
    await user.tab();
    expect(await screen.findByRole('link', { name: 'General Admission' })).toHaveFocus();

    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(seeAll).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const tours = within(categories).getByRole('button', { name: 'Tours' });
    expect(tours).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tours).toHaveAttribute('aria-pressed', 'true'));
    await user.keyboard('{End}');
    expect(within(categories).getByRole('button', { name: 'Talks' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(seeAll).toHaveFocus();
    // leaving the row and coming back lands on the chosen chip
    await user.tab();
    await user.tab({ shift: true });
    expect(tours).toHaveFocus();
  });

  it('hides the category filter when there are fewer than two categories', async () => {
    renderRoute('/events', {
      fetch: createFetchStub({ [AVAILABLE]: withCategories(listingBody(), ['Tours']) }),
    });

    await screen.findByRole('link', { name: 'Highlights Tour' });
    expect(screen.queryByRole('toolbar', { name: 'Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
  });

  it('turns the category buttons into a dropdown when they would take more than two lines', async () => {
    mockCategoryRowLines(3);
    const fetch = createFetchStub({ [AVAILABLE]: filteringApi });
    const { user } = renderRoute('/events', { fetch });

    const select = await screen.findByRole('combobox', { name: 'Category' });
    expect(screen.queryByRole('toolbar', { name: 'Category' })).not.toBeInTheDocument();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['See all', 'Admission', 'Tours', 'Talks']);
    await user.selectOptions(select, 'Talks');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Highlights Tour' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Curator Talk' })).toBeInTheDocument();
  });

  it('keeps the buttons at exactly two lines', async () => {
    mockCategoryRowLines(2);
    renderRoute('/events', { fetch: createFetchStub({ [AVAILABLE]: listingBody() }) });

    expect(await screen.findByRole('toolbar', { name: 'Category' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
  });

  it('sends today and tomorrow as _ondate on the seller clock, across a UTC date boundary', async () => {
    // 03:30 UTC on the 22nd is 22:30 on the 21st in New York, the seller's time zone
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T03:30:00Z'));
    const fetch = createFetchStub({ [AVAILABLE]: listingBody() });
    const { user } = renderRoute('/events', {
      fetch,
      config: makeSellerConfig({ timezone: 'America/New_York' }),
    });

    const dates = await screen.findByRole('toolbar', { name: 'Date' });
    await user.click(within(dates).getByRole('button', { name: 'Today' }));
    await waitFor(() =>
      expect(availableRequests(fetch).map((r) => r.url.searchParams.get('_ondate'))).toContain(
        '2026-11-21',
      ),
    );
    expect(within(dates).getByRole('button', { name: 'Today' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(dates).getByRole('button', { name: 'Tomorrow' }));
    await waitFor(() =>
      expect(availableRequests(fetch).map((r) => r.url.searchParams.get('_ondate'))).toContain(
        '2026-11-22',
      ),
    );

    await user.click(within(dates).getByRole('button', { name: 'All dates' }));
    await waitFor(() =>
      expect(within(dates).getByRole('button', { name: 'All dates' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
  });

  it('shows metadata filters as "Filter = values" and clears them with "See all"', async () => {
    const fetch = createFetchStub({ [AVAILABLE]: filteringApi });
    const { user } = renderRoute('/events?audience=Families', { fetch });

    const chips = await screen.findByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('audience = Families')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Highlights Tour' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('link', { name: 'General Admission' })).not.toBeInTheDocument();
    expect(
      availableRequests(fetch).some(
        (r) => r.url.searchParams.get('meta.audience._in') === 'Families',
      ),
    ).toBe(true);

    await user.click(within(chips).getByRole('button', { name: 'See all' }));
    expect(await screen.findByRole('link', { name: 'General Admission' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('explains an empty result and clears every filter', async () => {
    const fetch = createFetchStub({ [AVAILABLE]: filteringApi });
    const { user, router } = renderRoute('/events?audience=Nobody&category=Tours&date=today', {
      fetch,
    });

    expect(
      await screen.findByText('We could not find any events that match your filters.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('link', { name: 'General Admission' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows an error with a retry button', async () => {
    let calls = 0;
    const fetch = createFetchStub({
      [AVAILABLE]: () => (++calls === 1 ? errorResponse(500, 'internal_error') : listingBody()),
    });
    const { user } = renderRoute('/events', { fetch });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry! Something unexpected happened. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'General Admission' })).toBeInTheDocument();
  });

  it('shows loading skeletons until the events arrive', async () => {
    let release: (body: unknown) => void = () => {};
    const pending = new Promise((resolve) => (release = resolve));
    renderRoute('/events', { fetch: createFetchStub({ [AVAILABLE]: () => pending }) });

    expect(await screen.findByText('Loading events…')).toBeInTheDocument();
    release(listingBody());
    expect(await screen.findByRole('link', { name: 'General Admission' })).toBeInTheDocument();
    expect(screen.queryByText('Loading events…')).not.toBeInTheDocument();
  });
});

/**
 * jsdom has no layout: make the category button row measure as `lines` rows of 40 px buttons,
 * the way a narrow window would wrap them.
 */
function mockCategoryRowLines(lines: number) {
  const BUTTON = 40;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const inRow = this.closest('[data-testid="category-buttons"]');
    const height = !inRow ? 0 : this === inRow ? lines * BUTTON : BUTTON;
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 0,
      bottom: height,
      width: 100,
      height,
      toJSON: () => ({}),
    };
  });
}
