import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfficeSessionResponse, StaffRole } from '@admit/contracts/office';
import type { CapacityEffect, SessionCapacity } from '@admit/contracts/office-capacity';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse, type StubRequest } from '@/testing/fetch-stub';

/** The capacity page through the office's real route (decision 0089). */

const SESSION_ID = '00000000-0000-4000-8000-0000000000aa';
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
        email: 'desk@demo-museum.test',
        role,
        disabled: false,
        totp_enrolled: false,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    ],
  },
});
const session: SessionCapacity = {
  id: SESSION_ID,
  event_template_id: '00000000-0000-4000-8000-0000000000bb',
  event_name: 'Dinosaur Hall',
  start_datetime: '2029-06-10T15:00:00.000Z',
  end_datetime: '2029-06-10T16:00:00.000Z',
  capacity: 10,
  oversell_capacity: 0,
  used_capacity: 4,
  held: 3,
  sold: 1,
  closed: false,
};
const effect = (over: Partial<CapacityEffect>): CapacityEffect => ({
  event_session_id: SESSION_ID,
  before: { capacity: 10, closed: false },
  after: { capacity: 2, closed: false },
  held: 3,
  sold: 1,
  used_capacity: 4,
  available_after: 0,
  over_by: 2,
  applied: false,
  ...over,
});
const collection = <T,>(data: T[]) => ({ _count: data.length, _total: data.length, _data: data });

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/capacity/capacity-page');
});

describe('the office capacity page', () => {
  it('lists the day, previews a change below the places taken, and applies it confirmed', async () => {
    const patches: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': me('box_office'),
      'GET /api/office/session_capacity': { session_capacity: collection([session]) },
      [`PATCH /api/office/session_capacity/${SESSION_ID}`]: (request: StubRequest) => {
        patches.push(request);
        const body = request.body as { dry_run: boolean };
        return { capacity_effect: collection([effect({ applied: !body.dry_run })]) };
      },
    });
    const { user, container } = renderRoute('/office/capacity?date=2029-06-10', { fetch });
    const row = await screen.findByRole('row', { name: /Dinosaur Hall/ });
    // contrast needs a real layout (the e2e checks it in Chromium)
    const noContrast = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(container, noContrast)).violations.map((v) => v.id)).toEqual([]);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['10', '3', '1', 'open']));
    const listed = fetch.requests.find((r) => r.url.pathname === '/api/office/session_capacity');
    expect(listed!.url.searchParams.get('_ondate')).toBe('2029-06-10');

    await user.click(within(row).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog');
    const capacity = within(dialog).getByRole('textbox', { name: /New capacity/ });
    await user.clear(capacity);
    await user.type(capacity, '2');
    // no reason, no preview
    expect(within(dialog).getByRole('button', { name: 'Show the effect' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'fewer guides');
    await user.click(within(dialog).getByRole('button', { name: 'Show the effect' }));
    expect(await within(dialog).findByText(/3 held and 1 sold stay/)).toBeInTheDocument();
    expect(within(dialog).getByText(/2 below the places already taken/)).toBeInTheDocument();
    expect(patches[0]!.body).toMatchObject({ capacity: 2, reason: 'fewer guides', dry_run: true });
    // the open dialog with its preview (it is rendered outside the route's container)
    expect((await axe.run(dialog, noContrast)).violations.map((v) => v.id)).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: /Keep the tickets/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches[1]!.body).toMatchObject({
      capacity: 2,
      reason: 'fewer guides',
      dry_run: false,
      below_taken: true,
    });
  });

  // issue #27 audit gap 6: typed by keyboard, the field passes through unfinished dates (the
  // browser reports '') and a year's first digits (0002 on the way to 2029)
  it('loads a date typed into its field once it is whole, never undoing the typing', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': me('box_office'),
      'GET /api/office/session_capacity': { session_capacity: collection([session]) },
    });
    renderRoute('/office/capacity?date=2029-06-10', { fetch });
    await screen.findByRole('row', { name: /Dinosaur Hall/ });
    const field = screen.getByLabelText('Date');
    const asked = () =>
      fetch.requests
        .filter((r) => r.url.pathname === '/api/office/session_capacity')
        .map((r) => r.url.searchParams.get('_ondate'));
    fireEvent.change(field, { target: { value: '' } });
    expect(field).toHaveValue('');
    fireEvent.change(field, { target: { value: '0002-06-12' } });
    expect(field).toHaveValue('0002-06-12');
    fireEvent.change(field, { target: { value: '2029-06-12' } });
    await waitFor(() => expect(asked().at(-1)).toBe('2029-06-12'));
    expect(field).toHaveValue('2029-06-12');
    expect(asked()).toEqual(['2029-06-10', '2029-06-12']);
  });

  it('closes a date: the effect on its sessions first, then applied with the reason', async () => {
    const posts: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': me('box_office'),
      'GET /api/office/session_capacity': { session_capacity: collection([session]) },
      'POST /api/office/closed_date': (request: StubRequest) => {
        posts.push(request);
        const body = request.body as { dry_run: boolean };
        const closed = { capacity: 10, closed: true };
        return {
          capacity_effect: collection([
            effect({ after: closed, over_by: 0, applied: !body.dry_run }),
            effect({
              event_session_id: '00000000-0000-4000-8000-0000000000cc',
              after: closed,
              held: 0,
              sold: 5,
              over_by: 0,
            }),
          ]),
        };
      },
    });
    const { user } = renderRoute('/office/capacity?date=2029-06-10', { fetch });
    await screen.findByRole('row', { name: /Dinosaur Hall/ });
    await user.click(screen.getByRole('button', { name: 'Close or reopen this date' }));
    const dialog = await screen.findByRole('dialog', { name: /2029-06-10/ });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'burst pipe');
    await user.click(within(dialog).getByRole('button', { name: 'Show the effect' }));
    expect(
      await within(dialog).findByText('2 sessions: 3 held and 6 sold tickets stay.'),
    ).toBeInTheDocument();
    expect(posts[0]!.body).toEqual({
      date: '2029-06-10',
      closed: true,
      reason: 'burst pipe',
      dry_run: true,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts[1]!.body).toMatchObject({ closed: true, reason: 'burst pipe', dry_run: false });
  });

  it('says a sentence, never the raw text, when the answer is no envelope or does not parse', async () => {
    const answers = [
      // a 200 that is not the answer's shape (the parse fails), a proxy's HTML page, the API's refusal
      () => ({ capacity_effect: { _count: 1, _data: [1] } }),
      () =>
        new Response('<html><body>502 Bad Gateway</body></html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'Content-Type': 'text/html' },
        }),
      () => errorResponse(409, 'conflict', 'The date is already closed.'),
    ];
    const fetch = createFetchStub({
      'GET /api/office/me': me('box_office'),
      'GET /api/office/session_capacity': { session_capacity: collection([session]) },
      'POST /api/office/closed_date': () => answers.shift()!(),
    });
    const { user } = renderRoute('/office/capacity?date=2029-06-10', { fetch });
    await screen.findByRole('row', { name: /Dinosaur Hall/ });
    await user.click(screen.getByRole('button', { name: 'Close or reopen this date' }));
    const dialog = await screen.findByRole('dialog', { name: /2029-06-10/ });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'burst pipe');
    const preview = within(dialog).getByRole('button', { name: 'Show the effect' });
    const sentence = 'Something went wrong. Please try again.';

    const alertAfter = async (posts: number) => {
      await user.click(preview);
      await waitFor(() =>
        expect(fetch.requests.filter((r) => r.method === 'POST')).toHaveLength(posts),
      );
      return (await within(dialog).findByRole('alert')).textContent;
    };
    expect(await alertAfter(1)).toBe(sentence);
    expect(await alertAfter(2)).toBe(sentence);
    expect(await alertAfter(3)).toBe('The date is already closed.');
  });

  it('is not a door user’s page', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': me('door'),
      'GET /api/office/session_capacity': () =>
        errorResponse(403, 'forbidden', 'Your role does not allow this.'),
    });
    renderRoute('/office/capacity?date=2029-06-10', { fetch });
    expect(await screen.findByText(/not allow this page|no office page/)).toBeInTheDocument();
    expect(fetch.requests.some((r) => r.url.pathname === '/api/office/session_capacity')).toBe(
      false,
    );
  });
});
