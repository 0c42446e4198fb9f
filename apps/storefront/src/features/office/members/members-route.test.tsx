import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfficeMember, OfficeMemberTerm } from '@admit/contracts/office-members';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse, type StubRequest } from '@/testing/fetch-stub';
import { officeSessionOf } from '@/features/office/testing/office-session-fixture';
import axe from 'axe-core';

/** The office's members page through the office's real route (decision 0089). */

const TERM_ID = '00000000-0000-4000-8000-0000000000aa';
const term = (over: Partial<OfficeMemberTerm> = {}): OfficeMemberTerm => ({
  id: TERM_ID,
  member_code: 'DM-1001',
  level: 'Family',
  // midnight in New York (the test seller's zone), whatever the machine's zone
  valid_from: '2028-07-01T04:00:00.000Z',
  valid_to: '2029-07-01T04:00:00.000Z',
  auto_renew_state: 'scheduled',
  benefits: { '*': 4 },
  benefits_used: {},
  ticket_type_names: {},
  current: true,
  upcoming: false,
  renewed: false,
  ...over,
});
const ada = (over: Partial<OfficeMemberTerm> = {}): OfficeMember => ({
  identity_id: '00000000-0000-4000-8000-0000000000b1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada.lovelace@example.test',
  terms: [term(over)],
});
const answer = (members: OfficeMember[]) => ({
  member: { _count: members.length, _total: members.length, _data: members },
});

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/members/members-page');
});

describe('the office members page', () => {
  it('finds a member, shows the term in the venue’s zone, cancels auto-renew with a reason', async () => {
    const cancels: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      'GET /api/office/member': answer([ada()]),
      [`POST /api/office/membership/${TERM_ID}/auto_renew_cancel`]: (request: StubRequest) => {
        cancels.push(request);
        return answer([ada({ auto_renew_state: 'cancelled' })]);
      },
    });
    const { user, container } = renderRoute('/office/members', { fetch });
    const nav = await screen.findByRole('navigation', { name: 'Office sections' });
    expect(within(nav).getByRole('link', { name: 'Members' })).toBeInTheDocument();
    await user.type(
      await screen.findByRole('textbox', { name: /Name, e-mail or member ID/ }),
      'lovelace{Enter}',
    );
    expect(await screen.findByText('1 member(s) match “lovelace”.')).toBeInTheDocument();
    expect(
      fetch.requests
        .find((r) => r.url.pathname === '/api/office/member')!
        .url.searchParams.get('q'),
    ).toBe('lovelace');
    const row = screen.getByRole('row', { name: /Ada Lovelace/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'ada.lovelace@example.test',
      'Family',
      'DM-1001',
      // the venue's midnight (New York), not the machine's
      'Jul 1, 2028, 12:00 AM',
      'Jul 1, 2029, 12:00 AM',
      'On',
      'Current',
    ]);
    // contrast needs a real layout (the e2e checks it in Chromium)
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Cancel auto-renew' }));
    const dialog = await screen.findByRole('dialog', { name: /Cancel auto-renew: DM-1001/ });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // no reason, nothing sent
    expect(cancels).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'asked at the desk');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancels[0]!.body).toEqual({ reason: 'asked at the desk' });
    expect(await screen.findByText('Auto-renew cancelled for DM-1001.')).toBeInTheDocument();
    const after = screen.getByRole('row', { name: /Ada Lovelace/ });
    expect(within(after).getByRole('cell', { name: 'Off' })).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Cancel auto-renew' })).toBeNull();
  });

  it('shows each term’s benefits and the member tickets used in it, by ticket type name', async () => {
    // as the API answers (decision 0105): counts by ticket type id, with the ids' names
    const ADULT = '00000000-0000-4000-8000-0000000000c1';
    const CHILD = '00000000-0000-4000-8000-0000000000c2';
    const GONE = '00000000-0000-4000-8000-0000000000c3';
    const names = { [ADULT]: 'Adult (members)', [CHILD]: 'Child (members)' };
    const current = term({
      benefits: { '*': 4, [ADULT]: 2 },
      benefits_used: { [ADULT]: 3, [CHILD]: 1 },
      ticket_type_names: names,
    });
    const ended = term({
      id: '00000000-0000-4000-8000-0000000000ab',
      member_code: 'DM-0901',
      valid_from: '2027-07-01T04:00:00.000Z',
      valid_to: '2028-07-01T04:00:00.000Z',
      benefits: { [GONE]: 1 },
      current: false,
      renewed: true,
    });
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      'GET /api/office/member': answer([{ ...ada(), terms: [current, ended] }]),
    });
    const { user, container } = renderRoute('/office/members', { fetch });
    await user.type(await screen.findByRole('textbox', { name: /member ID/ }), 'lovelace{Enter}');
    const items = async (name: string) =>
      within(await screen.findByRole('group', { name }))
        .queryAllByRole('listitem')
        .map((li) => li.textContent);
    expect(await items('Membership DM-1001 allows, per session')).toEqual([
      'Any member ticket: 4',
      'Adult (members): 2',
    ]);
    expect(await items('Used during membership DM-1001')).toEqual([
      'Adult (members): 3',
      'Child (members): 1',
    ]);
    // a type the API could not name (gone from the catalogue) is still counted
    expect(await items('Membership DM-0901 allows, per session')).toEqual([
      'A ticket type no longer listed: 1',
    ]);
    const none = screen.getByRole('group', { name: 'Used during membership DM-0901' });
    expect(none).toHaveTextContent(/^Used during membership DM-0901None used$/);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('keeps the API’s refusal of an extension in the dialog, the end date sent in the venue’s zone', async () => {
    const extends_: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/member': answer([ada({ valid_to: '2029-11-01T04:00:00.000Z' })]),
      [`PATCH /api/office/membership/${TERM_ID}`]: (request: StubRequest) => {
        extends_.push(request);
        return errorResponse(
          409,
          'conflict',
          'A later term renews this one; extend the latest term.',
        );
      },
    });
    const { user } = renderRoute('/office/members', { fetch });
    await user.type(await screen.findByRole('textbox', { name: /member ID/ }), 'DM-1001');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const row = await screen.findByRole('row', { name: /Ada Lovelace/ });
    await user.click(within(row).getByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: /Extend: DM-1001/ });
    const date = within(dialog).getByLabelText(/New end date/);
    expect(date).toHaveValue('2029-11-01');
    await user.clear(date);
    await user.type(date, '2029-12-01');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'closed for a month');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A later term renews this one; extend the latest term.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // midnight stays midnight in New York across the end of summer time
    expect(extends_[0]!.body).toEqual({
      valid_to: '2029-12-01T05:00:00.000Z',
      reason: 'closed for a month',
    });
  });

  it('says plainly when no member matches, and shows the API’s refusal of a search', async () => {
    let refuse = false;
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      'GET /api/office/member': () =>
        refuse ? errorResponse(403, 'not_authorized', 'Your role may not do this.') : answer([]),
    });
    const { user } = renderRoute('/office/members', { fetch });
    const field = await screen.findByRole('textbox', { name: /member ID/ });
    await user.type(field, 'nobody{Enter}');
    expect(await screen.findByText('No members match “nobody”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    refuse = true;
    await user.clear(field);
    await user.type(field, 'somebody{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not do this.');
  });
});
