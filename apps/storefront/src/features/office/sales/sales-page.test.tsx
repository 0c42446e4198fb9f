import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfficeSalesResponse } from '@admit/contracts/office-reports';
import { createFetchStub, type StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { officeSessionOf } from '@/features/office/testing/office-session-fixture';

/** The office's sales page (decision 0088): the figures beside the chart, the range, the CSV. */

const figures = { revenue: 3734, sales: 6234, refunds: -2500, donations: 1234, tickets: 2 };
const answer = (interval: 'day' | 'week'): OfficeSalesResponse => ({
  sales_range: {
    _count: 1,
    _total: 1,
    _data: [
      {
        from: '2029-05-30',
        to: '2029-06-04',
        interval,
        timezone: 'America/New_York',
        currency: 'USD',
        ...figures,
      },
    ],
  },
  sales_period: {
    _count: 2,
    _total: 2,
    _data: [
      { period: '2029-05-31', revenue: 5000, sales: 5000, refunds: 0, donations: 0, tickets: 2 },
      { period: '2029-06-03', revenue: -2500, sales: 0, refunds: -2500, donations: 0, tickets: 0 },
    ],
  },
  sales_breakdown: {
    _count: 2,
    _total: 2,
    _data: [
      { dimension: 'event', key: 'e1', label: 'Dinosaurs', ...figures },
      { dimension: 'channel', key: 'web', label: 'web', ...figures },
    ],
  },
});

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('./sales-page');
});

describe('the office’s sales page', () => {
  it('shows the box office the figures in tables beside the chart, and the CSV link', async () => {
    const asked: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      'GET /api/office/sales': (request: StubRequest) => {
        asked.push(request);
        return answer(request.url.searchParams.get('_interval') === 'week' ? 'week' : 'day');
      },
    });
    const { user, container } = renderRoute('/office/sales', { fetch });
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    const periods = await screen.findByRole('grid', { name: 'By period' });
    const refundRow = within(periods).getByText('2029-06-03').closest('[role="row"]')!;
    expect(refundRow).toHaveTextContent('-$25.00');
    // the chart has the refunds beside the revenue: each bar's value, the refund's below zero
    const chart = screen.getByRole('img', { name: 'Revenue and refunds by day' });
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      '2029-05-31: Revenue $50.00',
      '2029-06-03: Revenue -$25.00',
      '2029-05-31: Refunds $0.00',
      '2029-06-03: Refunds -$25.00',
    ]);
    const zero = Number(chart.querySelector('line')!.getAttribute('y1'));
    const [, lostDay, noRefund, refund] = bars.map((bar) => ({
      top: Number(bar.getAttribute('y')),
      height: Number(bar.getAttribute('height')),
    }));
    expect(refund).toEqual({ top: zero, height: lostDay!.height });
    expect(refund!.height).toBeGreaterThan(0);
    expect(noRefund!.height).toBe(0);
    expect(chart.closest('figure')!.querySelector('figcaption')).toHaveTextContent(
      /^Revenue Refunds$/,
    );
    expect(
      within(screen.getByRole('grid', { name: 'By event' })).getByText('Dinosaurs'),
    ).toBeInTheDocument();
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toMatch(/^\/api\/office\/sales\/export\?/);
    expect(csv.getAttribute('href')).toContain('_seller=demo-museum');

    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked.at(-1)?.url.searchParams.get('_interval')).toBe('week'));
    expect(asked.at(-1)?.url.searchParams.get('_from')).toBe('2029-05-30');
    expect(
      await screen.findByRole('img', { name: 'Revenue and refunds by week' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain(
        '_interval=week',
      ),
    );
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      result.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? '')),
    ).toEqual([]);
  });

  // issue #27 audit gap 6: a keyboard user's place stays where it was when the figures change
  it('keeps the focus on Show while the range shown changes, its fields the range answered', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      // by week the server starts the range on its Monday, as the API does
      'GET /api/office/sales': (request: StubRequest) => {
        if (request.url.searchParams.get('_interval') !== 'week') return answer('day');
        const byWeek = answer('week');
        byWeek.sales_range._data[0]!.from = '2029-05-28';
        return byWeek;
      },
    });
    const { user } = renderRoute('/office/sales', { fetch });
    const show = await screen.findByRole('button', { name: 'Show' });
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await user.tab();
    expect(show).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('img', { name: 'Revenue and refunds by week' }),
    ).toBeInTheDocument();
    // the same button, not one drawn anew: the focus never fell to the page
    expect(screen.getByRole('button', { name: 'Show' })).toBe(show);
    expect(show).toHaveFocus();
    expect(screen.getByLabelText('From')).toHaveValue('2029-05-28');
    expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked();
  });

  it('is not the door’s: no link in its navigation, and the page says so', async () => {
    const fetch = createFetchStub({ 'GET /api/office/me': officeSessionOf('door') });
    renderRoute('/office/sales', { fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role does not allow this page.',
    );
    const nav = screen.getByRole('navigation', { name: 'Office sections' });
    expect(within(nav).queryByRole('link', { name: 'Sales' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Today' })).toBeInTheDocument();
    expect(fetch.requests.some((r) => r.url.pathname === '/api/office/sales')).toBe(false);
  });
});
