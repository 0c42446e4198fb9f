import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OfficeTodayResponse } from '@admit/contracts/office-reports';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { officeSessionOf } from '@/features/office/testing/office-session-fixture';
import { TODAY_REFRESH_MS } from './get-office-today';

/** The office's today page (decision 0088) as the door meets it: figures, chart, live counts. */

const day = (checkedIn: number): OfficeTodayResponse => ({
  office_day: {
    _count: 1,
    _total: 1,
    _data: [
      { date: '2029-06-01', timezone: 'America/New_York', as_of: '2029-06-01T14:00:00.000Z' },
    ],
  },
  event_session: {
    _count: 1,
    _total: 1,
    _data: [
      {
        id: 's1',
        event_template_id: 'e1',
        event_name: 'Dinosaurs',
        start_datetime: '2029-06-01T18:00:00.000Z',
        end_datetime: '2029-06-01T19:00:00.000Z',
        capacity: 40,
        sold: 3,
        checked_in: checkedIn,
        due: 3 - checkedIn,
      },
    ],
  },
  arrival_hour: {
    _count: 1,
    _total: 1,
    _data: [
      {
        hour: '14:00',
        start: '2029-06-01T18:00:00.000Z',
        arrivals: checkedIn,
        expected: 3,
        capacity: 40,
      },
    ],
  },
});

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('./today-page');
});
afterEach(() => {
  vi.useRealTimers();
});

const rowOf = (name: string) =>
  screen.getAllByRole('row').find((row) => within(row).queryByText(name))!;
/** A table row's texts, its header cell first. */
const textsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((c) => c.textContent);

describe('the office’s today page', () => {
  it('shows the door the day’s sessions in the venue’s time, the scanner link, and no axe violations', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('door'),
      'GET /api/office/today': day(0),
    });
    const { container } = renderRoute('/office/today', { fetch });
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    await screen.findByText('Dinosaurs');
    expect(textsOf(rowOf('Dinosaurs'))).toEqual(['14:00', 'Dinosaurs', '40', '3', '0', '3']);
    expect(screen.getByText(/2029-06-01 \(America\/New_York\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the scanner' })).toHaveAttribute(
      'href',
      '/demo-museum/scan',
    );
    expect(screen.getByRole('img', { name: 'Arrivals by hour' })).toBeInTheDocument();
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      result.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? '')),
    ).toEqual([]);
  });

  it('asks again on its own and shows a scan’s effect on checked in and still due', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let scans = 0;
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      'GET /api/office/today': () => day(scans),
    });
    renderRoute('/office/today', { fetch });
    await screen.findByText('Dinosaurs');
    expect(textsOf(rowOf('Dinosaurs'))[4]).toBe('0');
    scans = 1;
    await act(() => vi.advanceTimersByTimeAsync(TODAY_REFRESH_MS));
    await waitFor(() =>
      expect(textsOf(rowOf('Dinosaurs'))).toEqual(['14:00', 'Dinosaurs', '40', '3', '1', '2']),
    );
  });
});
