import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SellerConfigProvider } from '@/config/seller-config';
import { CalendarModal } from '@/ui/calendar/calendar-modal';
import { makeCalendarDays } from '@/testing/calendar-day-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';

function Harness() {
  const [isOpen, setOpen] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show more dates
      </button>
      <p data-testid="chosen">{value ?? 'none'}</p>
      <CalendarModal
        isOpen={isOpen}
        onOpenChange={setOpen}
        days={makeCalendarDays(['2026-11-24', '2026-11-25'])}
        value={value}
        onSelect={setValue}
        timezone="America/New_York"
      />
    </>
  );
}

function renderModal() {
  render(
    <SellerConfigProvider config={makeSellerConfig()}>
      <Harness />
    </SellerConfigProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('CalendarModal ("Choose date")', () => {
  it('opens titled "Choose date" with focus on the first bookable day, and Escape closes it', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Show more dates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose date' });
    expect(dialog).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /November 24, 2026/ })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
  });

  it('selects by keyboard alone and closes', async () => {
    const user = renderModal();
    screen.getByRole('button', { name: 'Show more dates' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Choose date' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /November 24, 2026/ })).toHaveFocus(),
    );
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('2026-11-25');
  });

  it('closes with its close button', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Show more dates' }));
    await screen.findByRole('dialog', { name: 'Choose date' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
