import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfficeSessionResponse, StaffRole } from '@admit/contracts/office';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse, type StubRequest } from '@/testing/fetch-stub';
import axe from 'axe-core';
import { ADULT, CHILD, collection, ORDER_ID, officeOrderOf as order } from './orders-test-fixtures';

/** The box office's orders pages through the office's real route (decision 0087). */

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

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/orders/orders-section');
});

describe('the office orders pages', () => {
  it('finds an order by e-mail, opens it, and cancels one ticket with a required reason', async () => {
    const cancels: StubRequest[] = [];
    let current = order(0);
    const fetch = createFetchStub({
      'GET /api/office/me': me('box_office'),
      'GET /api/office/ticket_order': { ticket_order: collection([order(0)]) },
      [`GET /api/office/ticket_order/${ORDER_ID}`]: () => ({ ticket_order: collection([current]) }),
      [`POST /api/office/ticket_order/${ORDER_ID}/cancel`]: (request: StubRequest) => {
        cancels.push(request);
        current = order(1507, 'cancelled');
        return { ticket_order: collection([current]) };
      },
    });
    const { user, container } = renderRoute('/office/orders', { fetch });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ora@example.test');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 of 1 orders')).toBeInTheDocument();
    // the page lists the latest orders on opening; the search is the last read
    const search = fetch.requests
      .filter((r) => r.url.pathname === '/api/office/ticket_order')
      .at(-1);
    expect(search!.url.searchParams.get('email')).toBe('ora@example.test');
    // contrast needs a real layout (the e2e checks it in Chromium)
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'R6HBQ68U' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order R6HBQ68U' })).toBeVisible();
    expect(screen.getByText('Paid $44.29, refunded $0.00')).toBeInTheDocument();
    // the venue's time (New York), not the machine's
    const child = screen.getByRole('checkbox', {
      name: /Child · Jun 10, 2029, 4:00 PM · \$15\.07/,
    });
    const cancel = screen.getByRole('button', { name: 'Cancel and refund the selected tickets' });
    expect(cancel).toBeDisabled();
    await user.click(child);
    expect(cancel).toBeEnabled();
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/1 ticket\(s\) will be cancelled/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // no reason, nothing sent
    expect(cancels).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'school asked');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancels[0]!.body).toMatchObject({ tickets: [CHILD], reason: 'school asked' });
    expect(await screen.findByText('Paid $44.29, refunded $15.07')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Child/ })).toBeDisabled();
  });

  it('picks an event from all the seller’s events, members-only ones too, and searches by it', async () => {
    const MEMBERS = '00000000-0000-4000-8000-0000000000e2';
    const event = (id: string, name: string, hidden_type: string) => ({
      id,
      name,
      event_type: 'repeating',
      hidden_type,
    });
    const fetch = createFetchStub({
      'GET /api/office/me': me('box_office'),
      'GET /api/office/event_template': {
        event_template: collection([
          event('00000000-0000-4000-8000-0000000000e1', 'General Admission', 'public_browsable'),
          event(MEMBERS, 'Members Evening', 'public_member_only'),
        ]),
      },
      'GET /api/office/ticket_order': { ticket_order: collection([order(0)]) },
    });
    const { user, container } = renderRoute('/office/orders', { fetch });
    const picker = await screen.findByRole('combobox', { name: 'Event' });
    await user.click(picker);
    await user.keyboard('memb');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Members Evening']);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    await user.click(within(listbox).getByRole('option', { name: 'Members Evening' }));
    expect(picker).toHaveValue('Members Evening');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const search = fetch.requests
        .filter((r) => r.url.pathname === '/api/office/ticket_order')
        .at(-1);
      expect(search!.url.searchParams.get('event_template_id')).toBe(MEMBERS);
    });
  });

  it('shows the API’s refusal in the dialog and keeps it open', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': me('box_office'),
      [`GET /api/office/ticket_order/${ORDER_ID}`]: { ticket_order: collection([order(0)]) },
      [`POST /api/office/ticket_order/${ORDER_ID}/resend`]: () =>
        errorResponse(409, 'conflict', 'This order has no e-mail address to send to.'),
    });
    const { user } = renderRoute(`/office/orders/${ORDER_ID}`, { fetch });
    await user.click(await screen.findByRole('button', { name: 'Resend the confirmation' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'lost it');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This order has no e-mail address to send to.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('moves a ticket to another session: keyboard, places left, the difference first, then the move with a reason (axe clean)', async () => {
    const moves: StubRequest[] = [];
    const EVENT = '00000000-0000-4000-8000-0000000000e1';
    const session = (id: string, start: string, extra: object = {}) => ({
      id,
      event_template_id: EVENT,
      event_name: 'General Admission',
      start_datetime: start,
      end_datetime: start,
      capacity: 20,
      oversell_capacity: 0,
      used_capacity: 8,
      held: 0,
      sold: 8,
      closed: false,
      ...extra,
    });
    const LATER = '00000000-0000-4000-8000-0000000000f2';
    const effect = (applied: boolean) => ({
      event_session_id: LATER,
      tickets: [ADULT],
      add_ons: [
        {
          ticket_id: '00000000-0000-4000-8000-0000000000b1',
          event_session_id: '00000000-0000-4000-8000-0000000000f3',
        },
      ],
      difference: 400,
      waived: 0,
      refund: 0,
      owed: 400,
      total_before: 4429,
      total_after: 4829,
      applied,
    });
    const fetch = createFetchStub({
      'GET /api/office/me': me('box_office'),
      [`GET /api/office/ticket_order/${ORDER_ID}`]: { ticket_order: collection([order(0)]) },
      'GET /api/office/session_capacity': {
        session_capacity: collection([
          session('00000000-0000-4000-8000-0000000000f1', '2029-06-10T20:00:00.000Z'),
          session(LATER, '2029-06-10T22:00:00.000Z'),
          session('00000000-0000-4000-8000-0000000000f3', '2029-06-10T23:00:00.000Z', {
            closed: true,
          }),
          session('00000000-0000-4000-8000-0000000000f4', '2029-06-10T21:00:00.000Z', {
            event_template_id: '00000000-0000-4000-8000-0000000000e2',
          }),
        ]),
      },
      [`POST /api/office/ticket_order/${ORDER_ID}/move`]: (request: StubRequest) => {
        moves.push(request);
        const applied = !(request.body as { dry_run?: boolean }).dry_run;
        return { ticket_order: collection([order(0)]), order_move: collection([effect(applied)]) };
      },
    });
    const { user } = renderRoute(`/office/orders/${ORDER_ID}`, { fetch });
    const move = await screen.findByRole('button', {
      name: 'Move the selected tickets to another session',
    });
    expect(move).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Adult/ }));
    expect(move).toBeEnabled();
    move.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    // the venue's date of the ticket's session; that day's sessions of its event only
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2029-06-10');
    const sessions = within(dialog).getByRole('radiogroup', { name: /Session/ });
    expect(within(sessions).getByRole('radio', { name: /the current session/ })).toBeDisabled();
    expect(within(sessions).getByRole('radio', { name: /closed/ })).toBeDisabled();
    expect(within(sessions).getAllByRole('radio')).toHaveLength(3);
    const later = within(sessions).getByRole('radio', {
      name: 'Jun 10, 2029, 6:00 PM · 12 places left',
    });
    // keyboard: into the sessions (the one free choice), then the settlement
    later.focus();
    await user.keyboard(' ');
    expect(later).toBeChecked();
    within(dialog).getByRole('radio', { name: /Waive/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: /owes the difference/ })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'visitor ill');
    await user.click(within(dialog).getByRole('button', { name: 'Show the difference' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Difference $4.00. Refund $0.00, waived $0.00, still owed $4.00. The order total goes from $44.29 to $48.29. One add-on ticket moves with them to the new day.',
    );
    expect(moves[0]!.body).toMatchObject({
      tickets: [ADULT],
      event_session_id: LATER,
      settle: 'owe',
      reason: 'visitor ill',
      dry_run: true,
    });
    const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Move the tickets' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(moves).toHaveLength(2);
    expect(moves[1]!.body).toMatchObject({
      dry_run: false,
      settle: 'owe',
      event_session_id: LATER,
    });
  });
});
