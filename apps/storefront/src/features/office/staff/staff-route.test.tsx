import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffUser } from '@admit/contracts/office';
import { renderRoute } from '@/testing/render-route';
import {
  createFetchStub,
  errorResponse,
  jsonResponse,
  type StubRequest,
} from '@/testing/fetch-stub';
import { officeSessionOf } from '@/features/office/testing/office-session-fixture';

/** The owner's staff page through the office's real route (decision 0093). */

// the signed-in owner of `officeSessionOf('owner')`
const SELF_ID = '00000000-0000-4000-8000-000000000001';
const GOOD_PASSWORD = 'Door-keeper7';
const staffUser = (overrides: Partial<StaffUser> = {}): StaffUser => ({
  id: SELF_ID,
  email: 'owner@demo-museum.test',
  role: 'owner',
  disabled: false,
  totp_enrolled: true,
  // 16:00 in New York (the test seller's zone), whatever the machine's zone
  created_at: '2029-06-10T20:00:00.000Z',
  updated_at: '2029-06-10T20:00:00.000Z',
  ...overrides,
});
const door = staffUser({
  id: '00000000-0000-4000-8000-0000000000d1',
  email: 'door@demo-museum.test',
  role: 'door',
  disabled: true,
  totp_enrolled: false,
  created_at: '2029-12-01T14:30:00.000Z',
});
const collection = <T,>(data: T[]) => ({ _count: data.length, _total: data.length, _data: data });
const answerOf = (users: StaffUser[]) => ({ staff_user: collection(users) });
const rowOf = async (name: string | RegExp) =>
  (await screen.findByRole('rowheader', { name })).closest('tr')!;
const LAST_OWNER =
  'The last owner cannot be disabled or given another role: make another owner first';

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/staff/staff-page');
});

describe('the office staff page', () => {
  it('lists the staff with the venue’s zone, two-factor, state and the owner’s own row', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/staff_user': answerOf([staffUser(), door]),
    });
    renderRoute('/office/staff', { fetch });
    const own = await rowOf('owner@demo-museum.test (you)');
    expect(within(own).getByText('Jun 10, 2029, 4:00 PM')).toBeInTheDocument();
    expect(within(own).getByText('yes')).toBeInTheDocument();
    expect(within(own).getByText('active')).toBeInTheDocument();
    expect(within(own).getByRole('combobox', { name: /Role of/ })).toHaveValue('owner');
    const other = await rowOf('door@demo-museum.test');
    // 09:30 in New York in winter (UTC−5)
    expect(within(other).getByText('Dec 1, 2029, 9:30 AM')).toBeInTheDocument();
    expect(within(other).getByText('no')).toBeInTheDocument();
    expect(within(other).getByText('disabled')).toBeInTheDocument();
    expect(
      within(other).getByRole('button', { name: 'Enable door@demo-museum.test' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Office sections' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.indexOf('Staff')).toBe(labels.indexOf('Audit log') - 1);
  });

  it('adds a member of staff: the taken e-mail is said in the dialog, then the list has them', async () => {
    const adds: StubRequest[] = [];
    let users = [staffUser()];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/staff_user': () => answerOf(users),
      'POST /api/office/staff_user': (request: StubRequest) => {
        adds.push(request);
        const body = request.body as { email: string; role: StaffUser['role'] };
        if (body.email === 'owner@demo-museum.test') {
          return errorResponse(
            409,
            'conflict',
            'A staff user with this e-mail address already exists',
          );
        }
        const added = staffUser({
          id: '00000000-0000-4000-8000-0000000000a1',
          email: body.email,
          role: body.role,
          totp_enrolled: false,
        });
        users = [...users, added];
        return jsonResponse(answerOf([added]), 201);
      },
    });
    const { user } = renderRoute('/office/staff', { fetch });
    await rowOf(/\(you\)/);
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    const password = within(dialog).getByLabelText('Initial password');
    expect(password).toHaveAccessibleDescription(/at least three of/);
    await user.type(
      within(dialog).getByRole('textbox', { name: /E-mail/ }),
      'owner@demo-museum.test',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'box_office');
    // a password the API's rules refuse is not sent
    await user.type(password, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(adds).toHaveLength(0);
    await user.clear(password);
    await user.type(password, GOOD_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A staff user with this e-mail address already exists',
    );
    expect(adds[0]!.body).toEqual({
      email: 'owner@demo-museum.test',
      role: 'box_office',
      password: GOOD_PASSWORD,
    });

    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'till@demo-museum.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(adds).toHaveLength(2);
    const row = await rowOf('till@demo-museum.test');
    expect(within(row).getByRole('combobox', { name: /Role of/ })).toHaveValue('box_office');
    expect(screen.getByRole('status')).toHaveTextContent('till@demo-museum.test was added.');
  });

  it('says the API’s refusal to disable the last owner in the dialog', async () => {
    const patches: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/staff_user': answerOf([staffUser(), door]),
      'PATCH /api/office/staff_user/:id': (request: StubRequest) => {
        patches.push(request);
        return errorResponse(409, 'conflict', LAST_OWNER);
      },
    });
    const { user } = renderRoute('/office/staff', { fetch });
    await rowOf(/\(you\)/);
    await user.click(screen.getByRole('button', { name: 'Disable owner@demo-museum.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable owner@demo-museum.test' });
    expect(within(dialog).getByText(/can no longer sign in/)).toBeInTheDocument();
    // the reason is optional: the API takes none
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_OWNER);
    expect(patches[0]!.url.pathname).toBe(`/api/office/staff_user/${SELF_ID}`);
    expect(patches[0]!.body).toEqual({ disabled: true });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('changes a role with the select and Save, and says a refusal beside it', async () => {
    const patches: StubRequest[] = [];
    let users = [staffUser(), { ...door, disabled: false }];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/staff_user': () => answerOf(users),
      'PATCH /api/office/staff_user/:id': (request: StubRequest) => {
        patches.push(request);
        if (request.url.pathname.endsWith(SELF_ID))
          return errorResponse(409, 'conflict', LAST_OWNER);
        users = [users[0]!, { ...users[1]!, role: 'box_office' }];
        return answerOf([users[1]!]);
      },
    });
    const { user } = renderRoute('/office/staff', { fetch });
    const row = await rowOf('door@demo-museum.test');
    const save = within(row).getByRole('button', { name: 'Save role of door@demo-museum.test' });
    expect(save).toBeDisabled();
    await user.selectOptions(within(row).getByRole('combobox', { name: /Role of/ }), 'box_office');
    await user.click(save);
    expect(await within(row).findByRole('status')).toHaveTextContent('Role saved.');
    expect(patches[0]!.body).toEqual({ role: 'box_office' });

    const own = await rowOf(/\(you\)/);
    await user.selectOptions(within(own).getByRole('combobox', { name: /Role of/ }), 'door');
    await user.click(within(own).getByRole('button', { name: /Save role/ }));
    expect(await within(own).findByRole('alert')).toHaveTextContent(LAST_OWNER);
  });

  it('sets a new password, saying sessions and two-factor are cleared, and sends it', async () => {
    const resets: StubRequest[] = [];
    let users = [staffUser(), { ...door, disabled: false, totp_enrolled: true }];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/staff_user': () => answerOf(users),
      'POST /api/office/staff_user/:id/password': (request: StubRequest) => {
        resets.push(request);
        users = [users[0]!, { ...users[1]!, totp_enrolled: false }];
        return answerOf([users[1]!]);
      },
    });
    const { user } = renderRoute('/office/staff', { fetch });
    const row = await rowOf('door@demo-museum.test');
    expect(within(row).getByText('yes')).toBeInTheDocument();
    await user.click(
      within(row).getByRole('button', { name: 'Set a new password for door@demo-museum.test' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Set a new password for door@demo-museum.test',
    });
    expect(within(dialog).getByText(/sessions end and their two-factor/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New password'), GOOD_PASSWORD);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'lost phone');
    await user.click(within(dialog).getByRole('button', { name: 'Set the password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(resets).toHaveLength(1);
    expect(resets[0]!.url.pathname).toBe(`/api/office/staff_user/${door.id}/password`);
    expect(resets[0]!.body).toEqual({ password: GOOD_PASSWORD, reason: 'lost phone' });
    await waitFor(async () =>
      expect(within(await rowOf('door@demo-museum.test')).getByText('no')).toBeInTheDocument(),
    );
    expect(screen.getByText(/New password set for door@demo-museum.test/)).toBeInTheDocument();
  });

  it('is the owner’s only', async () => {
    const fetch = createFetchStub({ 'GET /api/office/me': officeSessionOf('box_office') });
    renderRoute('/office/staff', { fetch });
    expect(await screen.findByText(/not allow this page/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Office sections' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(fetch.requests.some((r) => r.url.pathname.startsWith('/api/office/staff_user'))).toBe(
      false,
    );
  });
});
