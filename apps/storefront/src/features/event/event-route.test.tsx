import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import type { EventTemplate, TicketGroup } from '@admit/contracts/resources';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { installInitialReads } from '@/testing/initial-reads';
import { makeSellerConfig } from '@/testing/seller-config';

const EVENT = 'GET /cached_api/events/:id';
const EVENT_ID = fixtureId(1);
const OTHER_ID = fixtureId(2);

const LONG_DESCRIPTION =
  '<p>Step inside the great hall and walk through four thousand years of art, from ancient ' +
  'Egyptian tombs to modern sculpture, with stories from the curators on every floor.</p>' +
  '<script>window.__hacked = true</script><p><a href="https://example.org/map" target="_blank">Museum map</a></p>';

function eventBody(template: Partial<EventTemplate> = {}, groups: Partial<TicketGroup>[] = [{}]) {
  const id = template.id ?? EVENT_ID;
  return eventTemplateBody({
    event_template: [
      makeEventTemplate({
        id,
        name: 'General Admission',
        subtitle: 'Open daily',
        description: LONG_DESCRIPTION,
        ...template,
      }),
    ],
    meta: [
      makeMeta(id, 'image_cover', '/api/image/demo-museum/hall.jpg'),
      makeMeta(id, 'image_cover_alt', 'The great hall at dusk'),
    ],
    venue: [makeVenue()],
    ticket_group: groups.map((group, index) =>
      makeTicketGroup({
        id: fixtureId(100 + index),
        event_template_id: id,
        name: 'Admission',
        ...group,
      }),
    ),
    ticket_type: groups.length
      ? [
          makeTicketType({ id: fixtureId(201), name: 'Adult', currency_amount: '25.00' }),
          makeTicketType({ id: fixtureId(202), name: 'Child', currency_amount: '12.00', _rank: 2 }),
        ]
      : [],
  });
}

function mockViewport(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query === '(max-width: 768px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

// the route is a lazy chunk: load it once up front so the first test's findBy timeout measures
// the page, not the cold transform of the module graph
beforeAll(async () => {
  await import('@/features/event/event-route');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('event detail (shopping §2)', () => {
  it('shows heading, cover, subtitle, sanitized description, venue and prices', async () => {
    const fetch = createFetchStub({ [EVENT]: eventBody() });
    renderRoute(`/events/${EVENT_ID}`, { fetch });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'General Admission' }),
    ).toBeInTheDocument();
    const cover = screen.getByRole('img', { name: 'The great hall at dusk' });
    expect(cover).toHaveAttribute('src', '/api/image/demo-museum/hall.jpg?width=1500');
    // the page's largest image: its box kept (16:9), fetched first, smaller files offered
    expect(cover).toHaveAttribute('width', '1500');
    expect(cover).toHaveAttribute('height', '844');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).not.toHaveAttribute('loading', 'lazy');
    const sources = [...cover.parentElement!.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute(
      'srcset',
      [480, 828, 1200, 1500]
        .map((w) => `/api/image/demo-museum/hall.jpg?width=${w}&format=avif ${w}w`)
        .join(', '),
    );
    expect(sources[1]).toHaveAttribute('sizes', '(max-width: 768px) 100vw, 736px');
    expect(screen.getByText('Open daily')).toBeInTheDocument();
    expect(screen.getByText(/four thousand years of art/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main.querySelector('script')).toBeNull();
    expect((window as { __hacked?: boolean }).__hacked).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Museum map' })).toHaveAttribute('rel', 'noopener');
    expect(screen.getByText('Main Building')).toBeInTheDocument();

    // the date-first form itself is tested in features/reserve/flows/date-first
    expect(screen.getByRole('region', { name: 'Choose a date and tickets' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Your cart' })).toHaveTextContent(
      'Your cart is empty',
    );
    await waitFor(() => expect(document.title).toBe('General Admission - Demo Museum Tickets'));

    const request = fetch.requests.find((r) => r.url.pathname === `/cached_api/events/${EVENT_ID}`);
    expect(request?.url.searchParams.get('_embed')).toBe(
      'meta,config,venue,ticket_group,ticket_type',
    );
  });

  it('draws from the event read the page host put in the HTML, without asking the network', async () => {
    const address = `/cached_api/events/${EVENT_ID}?_seller=demo-museum&_embed=${encodeURIComponent('meta,config,venue,ticket_group,ticket_type')}`;
    const undo = installInitialReads({ [address]: eventBody() });
    try {
      const fetch = createFetchStub({ [EVENT]: eventBody({ name: 'Read from the network' }) });
      renderRoute(`/events/${EVENT_ID}`, { fetch });

      expect(
        await screen.findByRole('heading', { level: 1, name: 'General Admission' }),
      ).toBeInTheDocument();
      expect(
        fetch.requests.filter((r) => r.url.pathname === `/cached_api/events/${EVENT_ID}`),
      ).toEqual([]);
    } finally {
      undo();
    }
  });

  it('hides the venue when the event meta hide_event_details is set', async () => {
    const body = eventBody();
    body.meta!._data.push(makeMeta(EVENT_ID, 'hide_event_details', true));
    renderRoute(`/events/${EVENT_ID}`, { fetch: createFetchStub({ [EVENT]: body }) });

    await screen.findByRole('heading', { level: 1, name: 'General Admission' });
    expect(screen.queryByText('Main Building')).not.toBeInTheDocument();
  });

  it.each([404, 400])('redirects a missing event (%i) to the 404 route', async (status) => {
    const { router } = renderRoute(`/events/${EVENT_ID}`, {
      fetch: createFetchStub({ [EVENT]: errorResponse(status, 'not_found') }),
    });

    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-museum/error/404');
    // replace: going back does not return to the missing event
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens the full description in a modal from "More" on a phone', async () => {
    mockViewport(true);
    const { user } = renderRoute(`/events/${EVENT_ID}`, {
      fetch: createFetchStub({ [EVENT]: eventBody() }),
    });

    await screen.findByRole('heading', { level: 1, name: 'General Admission' });
    expect(screen.queryByRole('link', { name: 'Museum map' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Step inside the great hall.*…$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More' }));
    const dialog = await screen.findByRole('dialog', { name: 'General Admission' });
    expect(
      within(dialog).getByText(/with stories from the curators on every floor/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Museum map' })).toHaveAttribute(
      'rel',
      'noopener',
    );
    expect(dialog.querySelector('script')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('drifts the cover at a third of the scroll on a phone', async () => {
    mockViewport(true);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 1;
    });
    renderRoute(`/events/${EVENT_ID}`, { fetch: createFetchStub({ [EVENT]: eventBody() }) });
    const cover = await screen.findByRole('img', { name: 'The great hall at dusk' });

    vi.stubGlobal('scrollY', 300);
    window.dispatchEvent(new Event('scroll'));
    expect(cover.closest('div')).toHaveStyle({ transform: 'translateY(100px)' });
  });

  it('shows no "More" button on a wide screen', async () => {
    mockViewport(false);
    renderRoute(`/events/${EVENT_ID}`, { fetch: createFetchStub({ [EVENT]: eventBody() }) });

    expect(await screen.findByRole('link', { name: 'Museum map' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });

  it('shows a loader and refetches when moving to another event', async () => {
    let releaseOther: () => void = () => {};
    const otherReady = new Promise<void>((resolve) => (releaseOther = resolve));
    const fetch = createFetchStub({
      [EVENT]: async (request: StubRequest) => {
        if (!request.url.pathname.endsWith(OTHER_ID)) return eventBody();
        await otherReady;
        return eventBody({ id: OTHER_ID, name: 'Curator Talk' });
      },
    });
    const { router } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await screen.findByRole('heading', { level: 1, name: 'General Admission' });

    await act(() => router.navigate(`/events/${OTHER_ID}`));
    expect(await screen.findByText('Loading event…')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { level: 1, name: 'General Admission' }),
    ).not.toBeInTheDocument();

    releaseOther();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Curator Talk' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Curator Talk - Demo Museum Tickets'));
  });
});

describe('event selection area (shopping §2, exactly one of)', () => {
  it('1: warns when the event has no ticket groups, with the seller’s portal text when set', async () => {
    renderRoute(`/events/${EVENT_ID}`, { fetch: createFetchStub({ [EVENT]: eventBody({}, []) }) });
    expect(
      await screen.findByText('Sorry, tickets are not available for this event'),
    ).toBeInTheDocument();
  });

  it('1: takes the portal text override', async () => {
    renderRoute(`/events/${EVENT_ID}`, {
      fetch: createFetchStub({ [EVENT]: eventBody({}, []) }),
      config: makeSellerConfig({
        text_strings: { 'event.tickets_unavailable': 'Closed for renovation' },
      }),
    });
    expect(await screen.findByText('Closed for renovation')).toBeInTheDocument();
  });

  it('2: asks for an admission first on an anchor event', async () => {
    renderRoute(`/events/${EVENT_ID}`, {
      fetch: createFetchStub({ [EVENT]: eventBody({ category: 'Add-ons' }) }),
      config: makeSellerConfig({ anchor_categories: ['Add-ons'] }),
    });
    expect(await screen.findByRole('link', { name: 'Choose admission tickets' })).toHaveAttribute(
      'href',
      '/demo-museum',
    );
    expect(screen.queryByText('Adult')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('Add to your visit: General Admission - Demo Museum Tickets'),
    );
  });

  it('5: tells a visitor who is not a member how to log in or join', async () => {
    renderRoute(`/events/${EVENT_ID}`, {
      fetch: createFetchStub({ [EVENT]: eventBody({ hidden_type: 'public_member_only' }) }),
      config: makeSellerConfig({ login_path: '/members/sign-in' }),
    });
    const notice = await screen.findByRole('region', { name: 'Members only' });
    expect(within(notice).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/demo-museum/members/sign-in',
    );
    expect(within(notice).getByRole('link', { name: 'Become a member' })).toHaveAttribute(
      'href',
      '/demo-museum/membership',
    );
    expect(screen.queryByText('Adult')).not.toBeInTheDocument();
  });

  it('4: shows a gift card panel and titles the page for gift cards', async () => {
    renderRoute(`/events/${EVENT_ID}`, {
      fetch: createFetchStub({
        [EVENT]: eventBody({ name: 'Gift Card' }, [{ handler: 'ledger', name: 'Gift cards' }]),
      }),
    });
    expect(await screen.findByRole('region', { name: 'Gift cards' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Gift cards - Demo Museum Tickets'));
  });

  it('3: shows the membership form and titles a gift of membership by the action', async () => {
    renderRoute(`/events/${EVENT_ID}/gift`, {
      fetch: createFetchStub({
        [EVENT]: eventBody({ name: 'Membership' }, [{ handler: 'membership' }]),
        'GET /api/membership_rules': { membership_rules: toCollection([]) },
      }),
    });
    expect(await screen.findByRole('region', { name: 'Give a membership' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Give a membership - Demo Museum Tickets'));
  });

  it('7: follows the event meta reserve_flow over the configuration', async () => {
    const body = eventBody();
    body.meta!._data.push(makeMeta(EVENT_ID, 'reserve_flow', 'quantity_first'));
    renderRoute(`/events/${EVENT_ID}`, { fetch: createFetchStub({ [EVENT]: body }) });
    expect(await screen.findByRole('region', { name: 'Choose your tickets' })).toBeInTheDocument();
  });
});
