import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarDay } from '@admit/contracts/availability';
import { SellerConfigProvider } from '@/config/seller-config';
import { MonthCalendar } from '@/ui/calendar/month-calendar';
import { makeCalendarDay, makeCalendarDays } from '@/testing/calendar-day-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';

const TZ = 'America/New_York';

function Harness({
  days,
  initial = null,
}: {
  days: Map<string, CalendarDay>;
  initial?: string | null;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <MonthCalendar days={days} value={value} onSelect={setValue} timezone={TZ} />
      <p data-testid="chosen">{value ?? 'none'}</p>
    </>
  );
}

function renderCalendar(days: Map<string, CalendarDay>, initial: string | null = null) {
  render(
    <SellerConfigProvider config={makeSellerConfig()}>
      <Harness days={days} initial={initial} />
    </SellerConfigProvider>,
  );
  return userEvent.setup();
}

/** the focusable day button of a date (react-aria names it by the full date) */
const dayButton = (name: RegExp) => screen.getByRole('button', { name });
/** the month on show: the grid is named after it for assistive technology */
const shownMonth = () =>
  screen.getByRole('grid').getAttribute('aria-label')?.replace('Dates, ', '');
const chosen = () => screen.getByTestId('chosen').textContent;

beforeEach(() => {
  // only Date is faked: user-event and react-aria keep their real timers
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('MonthCalendar', () => {
  it('opens on the first selectable month with its heading and navigates months by button', async () => {
    const user = renderCalendar(makeCalendarDays(['2026-11-24', '2026-12-03']));
    expect(shownMonth()).toBe('November 2026');
    expect(screen.getByText('November 2026', { selector: 'h2' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(shownMonth()).toBe('December 2026');
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(shownMonth()).toBe('November 2026');
    // today's month is the earliest: nothing before today can be browsed to
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  });

  it('moves by a day with left/right and by a week with up/down, and Enter selects', async () => {
    const dates = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-30', '2026-12-01'];
    const user = renderCalendar(makeCalendarDays(dates));
    // focus starts on the first selectable day (Previous month is disabled in today's month)
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
    await user.tab();
    expect(dayButton(/November 23, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(dayButton(/November 24, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(dayButton(/November 22, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(dayButton(/November 29, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    // a week down from Nov 30 crosses into December
    expect(shownMonth()).toBe('December 2026');
    expect(dayButton(/December 7, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(dayButton(/November 23, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(chosen()).toBe('2026-11-24');
    expect(dayButton(/November 24, 2026/).closest('[role=gridcell]')).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('does not select disabled or sold-out days, by keyboard or by click', async () => {
    const days = makeCalendarDays(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'], {
      '2026-11-25': { status: 'sold_out', available: false },
      '2026-11-26': { status: 'closed' },
      '2026-11-27': { enabled: false },
    });
    const user = renderCalendar(days);
    // clicks on unavailable days do nothing
    for (const name of [/November 25, 2026/, /November 26, 2026/, /November 27, 2026/]) {
      await user.click(dayButton(name));
    }
    // a day the server did not send is not selectable either
    await user.click(dayButton(/November 28, 2026/));
    expect(chosen()).toBe('none');
    // by keyboard: focus reaches each of them, but Enter does not select
    dayButton(/November 24, 2026/).focus();
    for (const name of [/November 25/, /November 26/, /November 27/, /November 28/]) {
      await user.keyboard('{ArrowRight}');
      expect(dayButton(name)).toHaveFocus();
      await user.keyboard('{Enter}');
    }
    expect(chosen()).toBe('none');
    await user.click(dayButton(/November 24, 2026/));
    expect(chosen()).toBe('2026-11-24');
  });

  it('marks sold-out days and disables days before today', () => {
    renderCalendar(
      makeCalendarDays(['2026-11-24', '2026-11-25'], { '2026-11-25': { status: 'sold_out' } }),
    );
    const soldOut = dayButton(/November 25, 2026/);
    expect(soldOut).toHaveTextContent('Sold out');
    expect(soldOut).toHaveAttribute('aria-disabled', 'true');
    expect(dayButton(/November 21, 2026/)).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the lowest price with its prefix and the annotations under the day number', () => {
    renderCalendar(
      new Map([
        [
          '2026-11-24',
          makeCalendarDay('2026-11-24', {
            min_price: '19.50',
            pricePrefix: 'from',
            annotations: ['Late opening'],
            ariaLabel: 'Late opening until 9 pm',
            tooltip: 'Open late',
          }),
        ],
      ]),
    );
    const cell = dayButton(/November 24, 2026/);
    expect(within(cell).getByText('from $19.50')).toBeInTheDocument();
    expect(within(cell).getByText('Late opening')).toBeInTheDocument();
    expect(within(cell).getByText('Late opening until 9 pm. Open late')).toHaveClass(
      'visually-hidden',
    );
    expect(within(cell).getByTitle('Open late')).toBeInTheDocument();
  });

  it('stops at the horizon: the start of the month one year ahead', async () => {
    // today 2026-11-22: one year ahead is in November 2027, so the last bookable day is Oct 31
    const user = renderCalendar(makeCalendarDays(['2027-10-31']), '2027-10-31');
    expect(shownMonth()).toBe('October 2027');
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await user.click(dayButton(/October 31, 2027/));
    await user.keyboard('{ArrowRight}');
    expect(dayButton(/October 31, 2027/)).toHaveFocus();
  });

  it('moves to a new focusedMonth from the caller and reports month changes as YYYY-MM', async () => {
    const onMonth = vi.fn();
    const days = makeCalendarDays(['2026-11-24', '2027-01-12']);
    const config = makeSellerConfig();
    const calendar = (focusedMonth: string | null) => (
      <SellerConfigProvider config={config}>
        <MonthCalendar
          days={days}
          value={null}
          onSelect={() => {}}
          timezone={TZ}
          focusedMonth={focusedMonth}
          onFocusedMonthChange={onMonth}
        />
      </SellerConfigProvider>
    );
    const { rerender } = render(calendar(null));
    expect(shownMonth()).toBe('November 2026');
    rerender(calendar('2027-01'));
    expect(shownMonth()).toBe('January 2027');
    expect(dayButton(/January 12, 2027/)).toHaveAttribute('tabindex', '0');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(shownMonth()).toBe('December 2026');
    expect(onMonth).toHaveBeenLastCalledWith('2026-12');
  });

  it('adds the day className from the calendar read', () => {
    renderCalendar(
      makeCalendarDays(['2026-11-24'], { '2026-11-24': { className: 'late-opening' } }),
    );
    expect(dayButton(/November 24, 2026/)).toHaveClass('late-opening');
  });
});
