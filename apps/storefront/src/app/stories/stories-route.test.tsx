import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

// spec: identity §2 — "/_stories | Developer viewer, exists only outside production"
describe('/_stories (decision 0068)', () => {
  it('shows the components with sample props outside production', async () => {
    const { user } = renderRoute('/_stories', {
      config: makeSellerConfig({ environment: 'test' }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Component stories' }),
    ).toBeInTheDocument();
    const buttons = screen.getByRole('region', { name: 'Buttons' });
    expect(within(buttons).getByRole('button', { name: 'Disabled' })).toBeDisabled();

    const fields = screen.getByRole('region', { name: 'Fields' });
    expect(within(fields).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(within(fields).getByRole('alert')).toHaveTextContent(
      'Please enter a valid e-mail address.',
    );
    await user.click(within(fields).getByRole('button', { name: 'Increase Adult' }));
    expect(within(fields).getByText('3')).toBeInTheDocument();

    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Available', 'Sold out', 'Unavailable', 'Selected']);

    const cart = screen.getByRole('region', { name: 'Cart widget' });
    expect(within(cart).getByText('Your cart is empty')).toBeInTheDocument();
    expect(within(cart).getByRole('status')).toHaveTextContent('Loading your cart…');
    expect(within(cart).getByText('$52.24')).toBeInTheDocument();

    const calendar = screen.getByRole('region', { name: 'Calendar' });
    expect(within(calendar).getByRole('grid')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open a dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'A sample dialog' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  // issue #25: the spec's screens in their states, in both demo themes (decision 0081)
  it('shows each screen in its state in each demo theme', async () => {
    const { user } = renderRoute('/_stories', {
      config: makeSellerConfig({ environment: 'test' }),
    });
    const themes = await screen.findByRole('group', { name: 'Theme' });
    for (const [name, mode, primary] of [
      ['Harbour Aquarium', 'light', '#0b6e99'],
      ['Museum of Light & Time', 'dark', '#f2c14e'],
    ] as const) {
      await user.click(within(themes).getByRole('radio', { name }));
      expect(document.documentElement.dataset.theme).toBe(mode);
      expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(primary);

      const empty = screen.getByRole('region', { name: 'Listing: no events' });
      expect(
        within(empty).getByText('We could not find any events that match your filters.'),
      ).toBeInTheDocument();
      expect(within(empty).getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();

      const loading = screen.getByRole('region', { name: 'Listing: loading' });
      expect(within(loading).getByRole('status')).toHaveTextContent('Loading events…');

      const failed = screen.getByRole('region', { name: 'Listing: the API failed' });
      expect(within(failed).getByRole('alert')).toHaveTextContent(
        'Sorry! Something unexpected happened. Please try again.',
      );

      const soldOut = screen.getByRole('region', { name: 'Event: sold out' });
      const sessions = within(soldOut).getAllByRole('radio');
      expect(sessions).toHaveLength(3);
      for (const session of sessions) expect(session).toBeDisabled();
      expect(within(soldOut).getAllByText('Sold out')).toHaveLength(3);

      const members = screen.getByRole('region', { name: 'Event: members only' });
      expect(within(members).getByRole('heading', { name: 'Members only' })).toBeInTheDocument();
      expect(
        within(members).getByText('Tickets for this event are available to members only.'),
      ).toBeInTheDocument();
      expect(within(members).getByRole('link', { name: 'Become a member' })).toBeInTheDocument();

      const cart = screen.getByRole('region', { name: 'Cart widget' });
      expect(within(cart).getByText('Your cart is empty')).toBeInTheDocument();

      // the router's error boundary's screen (app/layout/route-error.tsx), not its page title
      const routeError = screen.getByRole('region', { name: 'Any page: it failed to load' });
      const alert = within(routeError).getByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      expect(alert).toHaveTextContent(
        'This page could not be loaded. Please check your connection and try again.',
      );
      expect(within(alert).getByRole('button', { name: 'Reload the page' })).toBeEnabled();
      expect(document.title).toMatch(/^Component stories/);

      await user.click(screen.getByRole('button', { name: 'Show the timed-out cart dialog' }));
      const expired = await screen.findByRole('dialog', { name: 'Cart timed out' });
      expect(expired).toHaveTextContent(
        'Your reservation has expired and your tickets have been released.',
      );
      expect(within(expired).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
      await user.click(within(expired).getByRole('button', { name: 'Start over' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('puts the seller’s own theme back when the visitor leaves', async () => {
    const config = makeSellerConfig({ environment: 'test' });
    const { unmount } = renderRoute('/_stories', { config });
    await screen.findByRole('group', { name: 'Theme' });
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#f2c14e');
    unmount();
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(
      config.theme.colors.primary,
    );
  });

  it('is the 404 page in production', async () => {
    renderRoute('/_stories', { config: makeSellerConfig({ environment: 'production' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.queryByText('Component stories')).not.toBeInTheDocument();
  });
});
