import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { checkoutResponse, payableCart, seedCart } from '@/testing/checkout-fixtures';

const FORM_ERROR =
  'There were errors found in the information you submitted. Please address the errors and re-submit the form.';

/** jsdom has no layout: the phone media query is answered here. */
function phoneWidth(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function freeCheckout(answer: () => Promise<Response>) {
  const bundle = payableCart('0.00');
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/cart/:id/guest_checkout': answer,
  });
  return { ...renderRoute('/checkout', { fetch }), fetch };
}

describe('mobile footer pay button (identity §2 Checkout "mobile footer")', () => {
  it('submits the checkout form from the footer, by keyboard, and is disabled while paying', async () => {
    phoneWidth(true);
    let answer: (response: Response) => void = () => undefined;
    const { user, fetch, router } = freeCheckout(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const footer = await screen.findByTestId('mobile-cart-footer');
    const pay = await within(footer).findByRole('button', { name: 'Complete order' });
    // one pay button on the page: the form's own gives way to the footer's
    expect(screen.getAllByRole('button', { name: 'Complete order' })).toEqual([pay]);
    expect(within(footer).getByRole('button', { name: /^View cart/ })).toBeInTheDocument();
    expect(within(footer).getByText('Total to pay')).toBeInTheDocument();

    // the form's own validation runs: nothing is sent with an empty purchaser
    await user.click(pay);
    expect(await screen.findByText(FORM_ERROR)).toBeInTheDocument();
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
    // identity §5, §9: the first invalid field gets the focus (after 100 ms) before we type
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveFocus());

    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email address/), 'ada@example.org');
    await user.type(screen.getByLabelText(/^Confirm email address/), 'ada@example.org');
    // the footer may have re-rendered while typing: focus the button that is there now
    within(footer).getByRole('button', { name: 'Complete order' }).focus();
    await user.keyboard('{Enter}');

    const busy = await within(footer).findByRole('button', { name: 'Processing payment…' });
    expect(busy).toBeDisabled();
    expect(fetch.requests.filter((r) => r.url.pathname.endsWith('/guest_checkout'))).toHaveLength(
      1,
    );
    answer(jsonResponse(checkoutResponse(), 201));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
  });

  it('is not there on wider screens, where the form has the only pay button', async () => {
    phoneWidth(false);
    freeCheckout(() => Promise.resolve(jsonResponse(checkoutResponse(), 201)));
    expect(await screen.findByRole('button', { name: 'Complete order' })).toBeInTheDocument();
    const footer = screen.getByTestId('mobile-cart-footer');
    expect(within(footer).queryByRole('button', { name: 'Complete order' })).toBeNull();
  });
});
