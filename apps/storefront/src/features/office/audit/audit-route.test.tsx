import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, OfficeSessionResponse, StaffRole } from '@admit/contracts/office';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, type StubRequest } from '@/testing/fetch-stub';

/** The audit log page through the office's real route (decision 0089). */

const me = (role: StaffRole): OfficeSessionResponse => ({
  office_session: {
    _count: 1,
    _total: 1,
    _data: [
      {
        staff_user_id: '00000000-0000-4000-8000-000000000001',
        seller_id: '00000000-0000-4000-8000-000000000002',
        expires_at: '2030-01-01T12:00:00.000Z',
      },
    ],
  },
  staff_user: {
    _count: 1,
    _total: 1,
    _data: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        email: 'owner@demo-museum.test',
        role,
        disabled: false,
        totp_enrolled: false,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    ],
  },
});
const entry: AuditEntry = {
  id: '00000000-0000-4000-8000-0000000000cc',
  staff_user_id: '00000000-0000-4000-8000-000000000001',
  actor: 'desk@demo-museum.test',
  at: '2029-06-10T15:00:00.000Z',
  action: 'session.close',
  target: 'event_session:00000000-0000-4000-8000-0000000000aa',
  before: { closed: false },
  after: { closed: true },
  reason: 'burst pipe',
};

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/audit/audit-page');
});

describe('the office audit page', () => {
  it('lists the records and filters them by action through the API', async () => {
    const reads: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': me('owner'),
      'GET /api/office/audit': (request: StubRequest) => {
        reads.push(request);
        const data = request.url.searchParams.get('action') === 'staff.add' ? [] : [entry];
        return { audit_log: { _count: data.length, _total: data.length, _data: data } };
      },
    });
    const { user, container } = renderRoute('/office/audit', { fetch });
    const row = (await screen.findByText('burst pipe')).closest('tr')!;
    // contrast needs a real layout (the e2e checks it in Chromium)
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    expect(within(row).getByText('session.close')).toBeInTheDocument();
    expect(within(row).getByText('desk@demo-museum.test')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Action'), 'staff.add');
    expect(await screen.findByText('No records match.')).toBeInTheDocument();
    await waitFor(() => expect(reads.at(-1)!.url.searchParams.get('action')).toBe('staff.add'));
  });

  it('filters by the venue’s days, both included, whatever the desk’s zone', async () => {
    const reads: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': me('owner'),
      'GET /api/office/audit': (request: StubRequest) => {
        reads.push(request);
        return { audit_log: { _count: 1, _total: 1, _data: [entry] } };
      },
    });
    // the test seller's venue is in New York (UTC-4 in June)
    renderRoute('/office/audit?from=2029-06-10&to=2029-06-10', { fetch });
    await screen.findByText('burst pipe');
    const query = reads.at(-1)!.url.searchParams;
    expect(query.get('at._gte')).toBe('2029-06-10T04:00:00.000Z');
    expect(query.get('at._lt')).toBe('2029-06-11T04:00:00.000Z');
    expect(screen.getByLabelText('To (date)')).toHaveValue('2029-06-10');
  });

  it('is the owner’s only', async () => {
    const fetch = createFetchStub({ 'GET /api/office/me': me('box_office') });
    renderRoute('/office/audit', { fetch });
    expect(await screen.findByText(/not allow this page|no office page/)).toBeInTheDocument();
    expect(fetch.requests.some((r) => r.url.pathname === '/api/office/audit')).toBe(false);
  });
});
