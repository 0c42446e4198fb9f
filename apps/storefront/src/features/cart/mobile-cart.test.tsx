import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { cartBundle, makeTicket } from '@/testing/cart-fixtures';
import { admissionAndTourCart, listingOfThree, seedCart } from '@/features/cart/cart-test-kit';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const AVAILABLE = 'GET /cached_api/events/available';

beforeAll(async () => {
  await import('@/features/cart/cart-sidebar');
  await import('@/features/cart/components/mobile-cart-modal');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => vi.useRealTimers());

describe('mobile cart (shopping §2, §9)', () => {
  it('shows the footer with a count badge, the total to pay and the proceed button', async () => {
    seedCart(admissionAndTourCart());
    renderRoute('/events', {
      fetch: createFetchStub({
        [AVAILABLE]: listingOfThree(),
        'GET /api/my/cart/:id': admissionAndTourCart(),
      }),
    });
    const footer = await screen.findByTestId('mobile-cart-footer');
    const button = within(footer).getByRole('button', { name: 'View cart, 4 items' });
    // the icon is drawn, not a font glyph that a phone may lack: the only text is the badge
    expect(button.textContent).toBe('4');
    expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    // a 15-minute hold is under the 20-minute display limit
    expect(within(footer).getByText('Time left to complete your order: 14:55')).toBeInTheDocument();
    expect(within(footer).getByText('Total to pay').parentElement).toHaveTextContent('$79.50');
    expect(within(footer).getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/demo-museum/checkout',
    );
  });

  it('shows "99+" at 100 tickets or more', async () => {
    const many = cartBundle({ ticket: Array.from({ length: 100 }, () => makeTicket()) });
    seedCart(many);
    renderRoute('/events', {
      fetch: createFetchStub({ [AVAILABLE]: listingOfThree(), 'GET /api/my/cart/:id': many }),
    });
    const footer = await screen.findByTestId('mobile-cart-footer');
    expect(within(footer).getByRole('button', { name: 'View cart, 100 items' })).toHaveTextContent(
      '99+',
    );
  });

  it('opens the cart modal with the outstanding total and a link to more events', async () => {
    seedCart(admissionAndTourCart());
    const { user, router } = renderRoute('/events', {
      fetch: createFetchStub({
        [AVAILABLE]: listingOfThree(),
        'GET /api/my/cart/:id': admissionAndTourCart(),
      }),
    });
    const footer = await screen.findByTestId('mobile-cart-footer');
    await user.click(within(footer).getByRole('button', { name: 'View cart, 4 items' }));

    const modal = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(modal).getByRole('listitem', { name: 'Highlights Tour' })).toBeInTheDocument();
    expect(within(modal).getByText('Total to pay').parentElement).toHaveTextContent('$79.50');
    expect(within(modal).getByRole('link', { name: 'Checkout' })).toBeInTheDocument();
    await user.click(within(modal).getByRole('link', { name: 'Add more events' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/demo-museum/events');
  });

  it('gives focus back to the cart button when the modal closes', async () => {
    seedCart(admissionAndTourCart());
    const { user } = renderRoute('/events', {
      fetch: createFetchStub({
        [AVAILABLE]: listingOfThree(),
        'GET /api/my/cart/:id': admissionAndTourCart(),
      }),
    });
    const footer = await screen.findByTestId('mobile-cart-footer');
    const button = within(footer).getByRole('button', { name: 'View cart, 4 items' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Your cart' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('closes the cart modal when the screen grows past the phone layout', async () => {
    const listeners = new Set<(event: { matches: boolean }) => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
        listeners.add(listener),
      removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
        listeners.delete(listener),
    }));
    seedCart(admissionAndTourCart());
    const { user } = renderRoute('/events', {
      fetch: createFetchStub({
        [AVAILABLE]: listingOfThree(),
        'GET /api/my/cart/:id': admissionAndTourCart(),
      }),
    });
    const footer = await screen.findByTestId('mobile-cart-footer');
    await user.click(within(footer).getByRole('button', { name: 'View cart, 4 items' }));
    await screen.findByRole('dialog', { name: 'Your cart' });

    act(() => listeners.forEach((listener) => listener({ matches: false })));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has no footer without items', async () => {
    renderRoute('/events', { fetch: createFetchStub({ [AVAILABLE]: listingOfThree() }) });
    await screen.findByRole('complementary', { name: 'Your cart' });
    expect(screen.queryByTestId('mobile-cart-footer')).toBeNull();
  });
});
