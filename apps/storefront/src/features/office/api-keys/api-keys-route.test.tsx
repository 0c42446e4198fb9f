import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffApiKey } from '@admit/contracts/staff-api';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, type StubRequest } from '@/testing/fetch-stub';
import { officeSessionOf } from '@/features/office/testing/office-session-fixture';

/** The owner's API keys page through the office's real route (decision 0089). */

const SECRET = 'admit_live_Qm9vdGhzZWNyZXRrZXlfZG9vcjI';
const key = (overrides: Partial<StaffApiKey> = {}): StaffApiKey => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Door 1',
  prefix: 'admit_li',
  // 16:00 in New York (the test seller's zone), whatever the machine's zone
  created_at: '2029-06-10T20:00:00.000Z',
  last_used_at: '2029-06-11T13:30:00.000Z',
  revoked_at: null,
  ...overrides,
});
const collection = <T,>(data: T[]) => ({ _count: data.length, _total: data.length, _data: data });
const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name })).closest('tr')!;

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/api-keys/api-keys-page');
});

describe('the office API keys page', () => {
  it('lists keys in the venue’s zone, revoked ones included', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/api_key': {
        api_key: collection([
          key(),
          key({
            id: '00000000-0000-4000-8000-0000000000b2',
            name: 'Old till',
            last_used_at: null,
            revoked_at: '2029-06-12T14:00:00.000Z',
          }),
        ]),
      },
    });
    renderRoute('/office/api-keys', { fetch });
    const door = await rowOf('Door 1');
    expect(within(door).getByText('Jun 10, 2029, 4:00 PM')).toBeInTheDocument();
    expect(within(door).getByText('Jun 11, 2029, 9:30 AM')).toBeInTheDocument();
    expect(within(door).getByText('active')).toBeInTheDocument();
    const till = await rowOf('Old till');
    expect(within(till).getByText('never')).toBeInTheDocument();
    expect(within(till).getByText('revoked Jun 12, 2029, 10:00 AM')).toBeInTheDocument();
    expect(within(till).queryByRole('button')).toBeNull();
  });

  it('creates a key and shows its secret once, to copy; the list then has the key', async () => {
    const created: StubRequest[] = [];
    let keys: StaffApiKey[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/api_key': () => ({ api_key: collection(keys) }),
      'POST /api/office/api_key': (request: StubRequest) => {
        created.push(request);
        keys = [key({ name: 'Door 2', last_used_at: null })];
        return new Response(
          JSON.stringify({ api_key: collection([{ ...keys[0]!, key: SECRET }]) }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const { user } = renderRoute('/office/api-keys', { fetch });
    expect(await screen.findByText('There are no API keys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    // no name, nothing sent
    expect(created).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Door 2');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'new scanner');
    await user.click(within(dialog).getByRole('button', { name: 'Create the key' }));

    const secret = await within(dialog).findByRole('textbox', { name: 'The new key' });
    expect(secret).toHaveValue(SECRET);
    expect(within(dialog).getByText(/you will not see it again/)).toBeVisible();
    expect(created[0]!.body).toEqual({ name: 'Door 2', reason: 'new scanner' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy the key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(dialog).getByText('Copied.')).toBeInTheDocument();

    // the list is read anew behind the dialog; the secret is nowhere once the dialog is closed
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowOf('Door 2')).toHaveTextContent('never');
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('revokes a key after a confirmation with a reason', async () => {
    const revokes: StubRequest[] = [];
    let current = key();
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/api_key': () => ({ api_key: collection([current]) }),
      'POST /api/office/api_key/:id/revoke': (request: StubRequest) => {
        revokes.push(request);
        current = key({ revoked_at: '2029-06-12T14:00:00.000Z' });
        return { api_key: collection([current]) };
      },
    });
    const { user } = renderRoute('/office/api-keys', { fetch });
    await rowOf('Door 1');
    await user.click(screen.getByRole('button', { name: 'Revoke Door 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the key Door 1' });
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    // no reason, nothing sent
    expect(revokes).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'lost');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revokes[0]!.url.pathname).toBe(`/api/office/api_key/${current.id}/revoke`);
    expect(revokes[0]!.body).toEqual({ reason: 'lost' });
    expect(await screen.findByText('revoked Jun 12, 2029, 10:00 AM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Door 1' })).toBeNull();
  });

  it('is the owner’s only', async () => {
    const fetch = createFetchStub({ 'GET /api/office/me': officeSessionOf('box_office') });
    renderRoute('/office/api-keys', { fetch });
    expect(await screen.findByText(/not allow this page|no office page/)).toBeInTheDocument();
    expect(fetch.requests.some((r) => r.url.pathname === '/api/office/api_key')).toBe(false);
  });
});
