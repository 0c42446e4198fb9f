import { screen, within } from '@testing-library/react';
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

  it('is the 404 page in production', async () => {
    renderRoute('/_stories', { config: makeSellerConfig({ environment: 'production' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.queryByText('Component stories')).not.toBeInTheDocument();
  });
});
