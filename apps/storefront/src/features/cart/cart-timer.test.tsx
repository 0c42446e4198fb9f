import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { CART_MAX_EXTENSIONS } from '@admit/contracts/constants';
import { getCartState, noteExtension } from '@/stores/cart-store';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { cartBundle, FIXTURE_CART_ID, makeTicket } from '@/testing/cart-fixtures';
import { listingOfThree, seedCart } from '@/features/cart/cart-test-kit';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const AVAILABLE = 'GET /cached_api/events/available';

/** A cart whose server expiry is `expiresIn` seconds after the fixed clock. */
function cartExpiringIn(expiresIn: number, now = NOW): CartBundle {
  return cartBundle({
    cart: { expires_in: expiresIn, expires_at: new Date(now + expiresIn * 1000).toISOString() },
    ticket: [makeTicket()],
    cart_fees: { total_before_cartmod_price: '25.00', total_outstanding: '25.00' },
  });
}

function renderWithCart(expiresIn: number, extra: Record<string, unknown> = {}) {
  const bundle = cartExpiringIn(expiresIn);
  seedCart(bundle);
  const fetch = createFetchStub({
    [AVAILABLE]: listingOfThree(),
    'GET /api/my/cart/:id': bundle,
    ...extra,
  });
  return renderRoute('/events', { fetch });
}

async function tick(seconds: number) {
  await act(() => vi.advanceTimersByTimeAsync(seconds * 1000));
}

beforeAll(async () => {
  await import('@/features/cart/cart-sidebar');
  await import('@/features/cart/expiry/cart-expiry-dialogs');
  await import('@/ui/modal-stack-host');
});

beforeEach(() => {
  // real time keeps flowing for the lazy chunks and testing-library; jumps are explicit
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('cart timer (shopping §4 "Cart timer")', () => {
  it('is hidden at 20 minutes or more and counts down below that', async () => {
    renderWithCart(1205);
    const widget = await screen.findByRole('complementary', { name: 'Your cart' });
    await within(widget).findByRole('listitem', { name: 'General Admission' });
    expect(within(widget).queryByText(/Time left/)).not.toBeInTheDocument();

    await tick(1);
    expect(within(widget).getByText('Time left to complete your order: 19:59')).toHaveAttribute(
      'data-level',
      'info',
    );
  });

  it('changes level at 300, 120 and 30 s and announces each once', async () => {
    renderWithCart(306); // local expiry: 301 s from now
    const widget = await screen.findByRole('complementary', { name: 'Your cart' });
    const timer = await within(widget).findByText(/Time left/);
    expect(timer).toHaveAttribute('data-level', 'info');
    const polite = screen.getByRole('status');
    const urgent = screen.getByTestId('cart-timer-urgent');
    expect(polite).toHaveTextContent('');

    await tick(1);
    expect(within(widget).getByText(/Time left/)).toHaveTextContent('5:00');
    expect(within(widget).getByText(/Time left/)).toHaveAttribute('data-level', 'warning');
    expect(polite).toHaveTextContent('Your tickets are held for 5 more minutes.');

    await tick(179);
    expect(within(widget).getByText(/Time left/)).toHaveTextContent('2:01');
    expect(within(widget).getByText(/Time left/)).toHaveAttribute('data-level', 'warning');
    expect(polite).toHaveTextContent('5 more minutes');

    await tick(1);
    expect(within(widget).getByText(/Time left/)).toHaveAttribute('data-level', 'error');
    expect(polite).toHaveTextContent('Your tickets are held for 2 more minutes.');

    await tick(90);
    expect(within(widget).getByText(/Time left/)).toHaveTextContent('0:30');
    expect(within(widget).getByText(/Time left/)).toHaveAttribute('data-level', 'critical');
    expect(urgent).toHaveTextContent('Your tickets are held for 30 more seconds.');
    expect(urgent).toHaveAttribute('aria-live', 'assertive');
    expect(polite).toHaveTextContent('');
  });

  it('offers an extension at 60 s; confirming PATCHes +2 minutes and resets the local expiry', async () => {
    const extended = cartExpiringIn(180, NOW + 5_000);
    let extendedYet = false;
    const fetch = createFetchStub({
      [AVAILABLE]: listingOfThree(),
      'GET /api/my/cart/:id': () => (extendedYet ? extended : cartExpiringIn(70)),
      'PATCH /api/my/cart/:id': () => {
        extendedYet = true;
        return extended;
      },
    });
    seedCart(cartExpiringIn(70)); // local expiry: 65 s from now
    const { user } = renderRoute('/events', { fetch });
    await screen.findByRole('listitem', { name: 'General Admission' });

    await tick(4);
    expect(screen.queryByRole('dialog', { name: 'Need more time?' })).not.toBeInTheDocument();
    await tick(1);
    const offer = await screen.findByRole('dialog', { name: 'Need more time?' });
    await user.click(within(offer).getByRole('button', { name: 'Add 2 minutes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = fetch.requests.find((r: StubRequest) => r.method === 'PATCH')!;
    expect(patch.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}`);
    expect(patch.body).toEqual({ expires_at: '2026-06-01T14:03:10.000Z' });
    // reloaded after the PATCH; local expiry = reloaded expires_in − 5 s
    const gets = fetch.requests.filter((r) => r.url.pathname.startsWith('/api/my/cart/'));
    expect(gets.at(-1)!.method).toBe('GET');
    const { localExpiresAt } = getCartState();
    expect(localExpiresAt! - Date.now()).toBeGreaterThan(170_000);
    expect(localExpiresAt! - Date.now()).toBeLessThanOrEqual(175_000);
    expect(getCartState().extensions).toBe(1);
  });

  it('offers no extension once the cart had the three the server grants', async () => {
    const fetch = createFetchStub({
      [AVAILABLE]: listingOfThree(),
      'GET /api/my/cart/:id': () => cartExpiringIn(70),
    });
    seedCart(cartExpiringIn(70));
    for (let i = 0; i < CART_MAX_EXTENSIONS; i++) noteExtension(FIXTURE_CART_ID);
    renderRoute('/events', { fetch });
    await screen.findByRole('listitem', { name: 'General Admission' });
    await tick(10);
    expect(screen.queryByRole('dialog', { name: 'Need more time?' })).not.toBeInTheDocument();
  });

  it('shows an error when the extension fails, and reports it (identity §8)', async () => {
    const fetch = createFetchStub({
      [AVAILABLE]: listingOfThree(),
      'GET /api/my/cart/:id': cartExpiringIn(62),
      'PATCH /api/my/cart/:id': errorResponse(500, 'internal_error', 'The cart could not be saved'),
      'POST /api/client_errors': new Response(null, { status: 204 }),
    });
    seedCart(cartExpiringIn(62));
    const { user } = renderRoute('/events', { fetch });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offer = await screen.findByRole('dialog', { name: 'Need more time?' });
    await user.click(within(offer).getByRole('button', { name: 'Add 2 minutes' }));
    expect(await within(offer).findByRole('alert')).toHaveTextContent(
      'Sorry, we could not extend your cart. Please try again.',
    );
    // no DSN in the config: the report goes to the server's log endpoint
    await waitFor(() =>
      expect(fetch.requests.some((r) => r.url.pathname === '/api/client_errors')).toBe(true),
    );
    const report = fetch.requests.find((r) => r.url.pathname === '/api/client_errors')!;
    expect(report.method).toBe('POST');
    expect(report.body).toMatchObject({
      context: 'cart_extend',
      message: 'The cart could not be saved',
      status: 500,
      code: 'internal_error',
      method: 'PATCH',
    });
  });

  it('remembers a declined offer', async () => {
    const { user, unmount } = renderWithCart(62);
    const offer = await screen.findByRole('dialog', { name: 'Need more time?' });
    await user.click(within(offer).getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getCartState().extensionDeclined).toBe(true);

    await tick(10);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // a reload of the page keeps the decline
    unmount();
    renderRoute('/events', {
      fetch: createFetchStub({
        [AVAILABLE]: listingOfThree(),
        'GET /api/my/cart/:id': cartExpiringIn(62),
      }),
    });
    await screen.findByRole('listitem', { name: 'General Admission' });
    await tick(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('at expiry clears the cart and shows "Cart timed out" with "Start over"', async () => {
    const { user, router } = renderWithCart(70); // local expiry: 65 s from now
    const widget = await screen.findByRole('complementary', { name: 'Your cart' });
    await within(widget).findByRole('listitem', { name: 'General Admission' });
    await tick(5);
    await screen.findByRole('dialog', { name: 'Need more time?' });

    await tick(60);
    const expired = await screen.findByRole('dialog', { name: 'Cart timed out' });
    expect(screen.queryByRole('dialog', { name: 'Need more time?' })).not.toBeInTheDocument();
    expect(getCartState().cartId).toBeNull();
    expect(within(widget).getByText('Your cart is empty')).toBeInTheDocument();

    await user.click(within(expired).getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('forgets a cart that expired while the visitor was away, without a dialog', async () => {
    seedCart(cartExpiringIn(60));
    vi.setSystemTime(NOW + 120_000);
    renderRoute('/events', { fetch: createFetchStub({ [AVAILABLE]: listingOfThree() }) });
    const widget = await screen.findByRole('complementary', { name: 'Your cart' });
    expect(await within(widget).findByText('Your cart is empty')).toBeInTheDocument();
    await tick(2);
    expect(getCartState().cartId).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('replaces a cart fetched with under 30 s left (shopping §4)', async () => {
    seedCart(cartExpiringIn(600));
    const fetch = createFetchStub({
      [AVAILABLE]: listingOfThree(),
      'GET /api/my/cart/:id': cartExpiringIn(25),
      'DELETE /api/my/cart/:id': {},
    });
    renderRoute('/events', { fetch });
    const widget = await screen.findByRole('complementary', { name: 'Your cart' });

    expect(await within(widget).findByText('Your cart is empty')).toBeInTheDocument();
    expect(fetch.requests.some((r) => r.method === 'DELETE')).toBe(true);
    expect(getCartState().cartId).toBeNull();
  });
});
