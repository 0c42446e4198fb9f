import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSellerSlug } from '@/config/seller-slug';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createFetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { useOpenLoginOrGuestDialog } from '@/features/login/login-or-guest-dialog';
import { clearAuthCookie, loggingIn, storedMember } from '@/features/login/login-test-kit';

/** What the checkout will do: a button that asks "log in or shop as a guest?". */
function Checkout({ onGuest, onLoggedIn }: { onGuest: () => void; onLoggedIn: () => void }) {
  const open = useOpenLoginOrGuestDialog(onGuest, { onLoggedIn });
  return (
    <button type="button" onClick={open}>
      Pay
    </button>
  );
}

function renderCheckout() {
  const config = makeSellerConfig();
  const fetch = createFetchStub({ 'POST /api/login': loggingIn() });
  vi.stubGlobal('fetch', fetch);
  setSellerSlug(config.seller.slug);
  const onGuest = vi.fn();
  const onLoggedIn = vi.fn();
  render(
    <AppProviders config={config} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/checkout']}>
        <Checkout onGuest={onGuest} onLoggedIn={onLoggedIn} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { onGuest, onLoggedIn, user: userEvent.setup(), fetch };
}

beforeEach(() => {
  localStorage.clear();
  clearAuthCookie();
});

describe('login-or-guest dialog (identity §2 Login)', () => {
  it("'Shop as a Guest' closes the dialog and continues as a guest", async () => {
    const { onGuest, onLoggedIn, user } = renderCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in or continue as a guest' });
    await user.click(within(dialog).getByRole('button', { name: 'Shop as a Guest' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onGuest).toHaveBeenCalledTimes(1);
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('gives focus back to what opened it when it closes (issue 13)', async () => {
    const { user } = renderCheckout();
    const pay = screen.getByRole('button', { name: 'Pay' });
    pay.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Log in or continue as a guest' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Log in' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(pay).toHaveFocus());

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Log in or continue as a guest' });
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(pay).toHaveFocus());
  });

  it('login replaces it with the login dialog and reports the login', async () => {
    const { onGuest, onLoggedIn, user } = renderCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const choice = await screen.findByRole('dialog', { name: 'Log in or continue as a guest' });
    await user.click(within(choice).getByRole('button', { name: 'Log in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(await within(dialog).findByLabelText('Email or username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'Correct-horse-1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(onGuest).not.toHaveBeenCalled();
    expect(storedMember()?.loggedIn).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
