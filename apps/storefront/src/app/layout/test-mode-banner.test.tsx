import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

const NOTICE = 'Test mode: payments use test cards and no money is taken.';

describe('test-mode banner (seller config test_mode, decision 0025)', () => {
  it.each(['/resend', '/user/forgot-password', '/no-such-page'])(
    'is shown on %s while the seller is in test mode',
    async (path) => {
      renderRoute(path, { config: makeSellerConfig({ test_mode: true }) });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByRole('note', { name: 'Test mode' })).toHaveTextContent(NOTICE);
    },
  );

  it('is absent for a seller taking real payments', async () => {
    renderRoute('/resend', { config: makeSellerConfig({ test_mode: false }) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('note', { name: 'Test mode' })).not.toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('takes the seller’s text override', async () => {
    const config = makeSellerConfig({
      test_mode: true,
      text_strings: { 'layout.test-mode': 'Demo shop: nothing is charged.' },
    });
    renderRoute('/resend', { config });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('note', { name: 'Test mode' })).toHaveTextContent(
      'Demo shop: nothing is charged.',
    );
  });
});
