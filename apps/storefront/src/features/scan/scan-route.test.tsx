import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SellerTicket } from '@admit/contracts/seller-api';
import { createFetchStub, errorResponse, type StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

/** /{seller}/scan (issue #16, decision 0042): the key prompt, manual entry, the verdicts. */

const KEY = `adm_${'k'.repeat(43)}`;
const STORAGE_KEY = 'admit:demo-museum:scan-key';

const API_KEY = {
  api_key: {
    _count: 1,
    _total: 1,
    _data: [
      {
        id: '7f0c2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
        name: 'Front door',
        prefix: KEY.slice(0, 12),
        seller_slug: 'demo-museum',
        seller_name: 'Demo Museum',
        seller_timezone: 'America/New_York',
        created_at: '2029-05-01T12:00:00.000Z',
        last_used_at: null,
      },
    ],
  },
};

const TICKET: SellerTicket = {
  id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  ticket_order_id: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b',
  order_number: '123456789',
  state: 'redeemed',
  scan_code: '3F2A9C41B7D0E6A5',
  purchaser_name: 'Grace Hopper',
  purchaser_email: 'grace@example.org',
  admit_name: null,
  event_template_id: '0e3c6b0a-5a7c-4c43-9f0a-2c1f3b4d5e6f',
  event_name: 'Museum Admission',
  ticket_group_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  ticket_group_name: 'General admission',
  ticket_type_id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  ticket_type_name: 'Adult',
  event_session_id: 'f0e1d2c3-b4a5-4968-8776-655443322110',
  start_datetime: '2029-06-01T18:00:00.000Z',
  end_datetime: '2029-06-01T19:00:00.000Z',
  timezone: 'America/New_York',
  face_value: '25.00',
  adjusted_value: '25.00',
  discount: '0.00',
  service_charge: '0.00',
  tax: '0.00',
  line_total: '25.00',
  redeemed_at: '2029-06-01T14:42:00.000Z',
};

const admitted = {
  check_in: { _count: 1, _total: 1, _data: [{ _code: 'admitted', ticket: TICKET }] },
};
const refused = (code: string, status: number, extra: Record<string, unknown>) =>
  errorResponse(status, code, code, { code: TICKET.scan_code, ticket: TICKET, ...extra });

beforeEach(() => {
  // the scanner reads "today" from the clock: only Date is faked, timers run as usual
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2029-06-01T15:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

const checkInRequests = (requests: StubRequest[]) =>
  requests.filter((r) => r.url.pathname === '/admin/api/check_in');

async function enterCode(user: ReturnType<typeof renderRoute>['user'], code: string) {
  await user.type(await screen.findByLabelText('Ticket code'), code);
  await user.keyboard('{Enter}');
}

describe('scanner page: the key, asked once', () => {
  it('asks for the key, refuses a wrong one or another seller’s, and keeps a good one on this device', async () => {
    let answer: Response | typeof API_KEY = errorResponse(401, 'not_authorized');
    const fetch = createFetchStub({ 'GET /admin/api/api_key': () => answer });
    const { user } = renderRoute('/scan', { fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enter the scanner key' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use this key' }));
    expect(await screen.findByText('Enter the API key.')).toBeInTheDocument();

    const field = screen.getByLabelText('API key');
    expect(field).toHaveAttribute('type', 'password');
    await user.type(field, 'adm_wrong');
    await user.click(screen.getByRole('button', { name: 'Use this key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This key is not valid. Check it, or ask for a new one.',
    );

    answer = errorResponse(404, 'seller_not_found');
    await user.click(screen.getByRole('button', { name: 'Use this key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This key belongs to another seller.',
    );

    answer = API_KEY;
    await user.clear(field);
    await user.type(field, KEY);
    await user.click(screen.getByRole('button', { name: 'Use this key' }));
    expect(await screen.findByLabelText('Ticket code')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(JSON.stringify(KEY));
    // the key travels in the Authorization header with the seller, never in the URL
    const check = fetch.requests.filter((r) => r.url.pathname === '/admin/api/api_key').at(-1)!;
    expect(check.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(check.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(fetch.requests.every((r) => !r.url.href.includes(KEY))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Forget this key' }));
    expect(await screen.findByLabelText('API key')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null')).toBeNull();
  });
});

// issue #25: the scanner showed the visitors' header and a developer's command
describe('scanner page: a staff screen', () => {
  it('has no visitor header or footer and no developer instructions', async () => {
    const fetch = createFetchStub({ 'GET /admin/api/api_key': API_KEY });
    renderRoute('/scan', { fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('main')).not.toHaveTextContent(/npm|api-key create/);
    expect(
      screen.getByText(
        'Ask the box office for this door’s API key. It is kept on this device only.',
      ),
    ).toBeInTheDocument();
  });
});

describe('scanner page: manual entry', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEY, JSON.stringify(KEY)));

  it('shows Admitted big with who, what and the session, then is ready for the next code', async () => {
    const fetch = createFetchStub({ 'POST /admin/api/check_in': admitted });
    const { user } = renderRoute('/scan', { fetch });
    await enterCode(user, ' 3f2a9c41b7d0e6a5 ');

    const status = screen.getByRole('status', { name: 'Last scan' });
    expect(await within(status).findByText('Admitted')).toBeInTheDocument();
    expect(status).toHaveTextContent('Grace Hopper');
    expect(status).toHaveTextContent('Museum Admission – Adult (General admission)');
    expect(status).toHaveTextContent('Fri, Jun 1, 2029 at 2:00 PM');
    const [request] = checkInRequests(fetch.requests);
    expect(request!.body).toEqual({ code: '3f2a9c41b7d0e6a5' });
    expect(request!.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    // the field is empty and focused for the next visitor
    expect(screen.getByLabelText('Ticket code')).toHaveValue('');
    expect(screen.getByLabelText('Ticket code')).toHaveFocus();
  });

  // issue #25: the last green "Admitted" stayed on screen while the next scan failed
  it('clears the last answer when a new scan starts, and when it fails before being sent', async () => {
    let answer: Response | typeof admitted = admitted;
    const fetch = createFetchStub({ 'POST /admin/api/check_in': () => answer });
    const { user } = renderRoute('/scan', { fetch });
    await enterCode(user, '3F2A9C41B7D0E6A5');
    const status = screen.getByRole('status', { name: 'Last scan' });
    expect(await within(status).findByText('Admitted')).toBeInTheDocument();

    // an empty code is refused here: the previous visitor's answer goes
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Enter a ticket code.')).toBeInTheDocument();
    expect(status).toBeEmptyDOMElement();

    await enterCode(user, '3F2A9C41B7D0E6A5');
    expect(await within(status).findByText('Admitted')).toBeInTheDocument();
    answer = errorResponse(500, 'internal_error');
    await enterCode(user, 'FFFF0000FFFF0000');
    expect(await within(status).findByText('Not admitted')).toBeInTheDocument();
    expect(status).not.toHaveTextContent('Admitted Grace');
    expect(within(status).queryByText('Admitted')).toBeNull();
  });

  it('says why not: already redeemed at a time of today, or with the date when earlier', async () => {
    let answer = refused('already_redeemed', 409, { redeemed_at: '2029-06-01T14:42:00.000Z' });
    const fetch = createFetchStub({ 'POST /admin/api/check_in': () => answer });
    const { user } = renderRoute('/scan', { fetch });
    await enterCode(user, TICKET.scan_code!);
    const status = screen.getByRole('status', { name: 'Last scan' });
    expect(await within(status).findByText('Not admitted')).toBeInTheDocument();
    expect(status).toHaveTextContent('Already redeemed at 10:42 AM');
    expect(status).toHaveTextContent('Grace Hopper');

    answer = refused('already_redeemed', 409, { redeemed_at: '2029-05-31T20:05:00.000Z' });
    await enterCode(user, TICKET.scan_code!);
    expect(
      await within(status).findByText('Already redeemed at Thu, May 31, 2029 at 4:05 PM'),
    ).toBeInTheDocument();
  });

  it.each([
    ['ticket_cancelled', 409, {}, 'This ticket has been cancelled.'],
    ['wrong_date', 409, {}, 'This ticket is for another day: Fri, Jun 1, 2029 at 2:00 PM.'],
    ['wrong_session', 409, {}, 'This ticket is for another session: Fri, Jun 1, 2029 at 2:00 PM.'],
    ['unknown_code', 404, { ticket: undefined }, 'Unknown code. Check it and try again.'],
    // issue 22: only admissions open the door, and the reason reaches the screen
    ['not_an_admission', 409, { handler: 'donation' }, 'A donation is not an admission.'],
    ['not_an_admission', 409, { handler: 'ledger' }, 'A gift card is not an admission.'],
    [
      'not_an_admission',
      409,
      { handler: 'membership', gift: true },
      'A gift of membership is not an admission: the member shows their own member QR code.',
    ],
    [
      'already_redeemed',
      409,
      {
        ticket: undefined,
        redeemed_at: '2029-06-01T14:42:00.000Z',
        membership: {
          member_code: 'M123456789',
          name: 'Ada Lovelace',
          level: 'Family',
          valid_from: '2029-01-01T05:00:00.000Z',
          valid_to: '2030-01-01T05:00:00.000Z',
        },
      },
      'This member was already admitted today at 10:42 AM',
    ],
  ] as const)('refuses %s with its reason', async (code, status, extra, text) => {
    const fetch = createFetchStub({ 'POST /admin/api/check_in': refused(code, status, extra) });
    const { user } = renderRoute('/scan', { fetch });
    await enterCode(user, 'ABC');
    expect(
      await within(screen.getByRole('status', { name: 'Last scan' })).findByText(text),
    ).toBeInTheDocument();
  });

  it('sends the visit date the staff picked', async () => {
    const fetch = createFetchStub({ 'POST /admin/api/check_in': admitted });
    const { user } = renderRoute('/scan', { fetch });
    await user.type(await screen.findByLabelText('Visit date'), '2029-06-02');
    await enterCode(user, 'ABC');
    await within(screen.getByRole('status', { name: 'Last scan' })).findByText('Admitted');
    expect(checkInRequests(fetch.requests)[0]!.body).toEqual({ code: 'ABC', date: '2029-06-02' });
  });

  it('asks for a new key when the key stops working (revoked: 401)', async () => {
    const fetch = createFetchStub({
      'POST /admin/api/check_in': errorResponse(401, 'not_authorized'),
    });
    const { user } = renderRoute('/scan', { fetch });
    await enterCode(user, 'ABC');
    expect(await screen.findByLabelText('API key')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The key is no longer valid. Enter a new one.',
    );
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null')).toBeNull();
  });
});

// issue #25: the door read a British seller's visits in US patterns ("Fri, Jun 1, 2029 at 2:00 PM")
describe("scanner page: the seller's locale", () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEY, JSON.stringify(KEY)));
  const british = makeSellerConfig({ currency: 'GBP', locale: 'en-GB', timezone: 'Europe/London' });

  it('reads the session, a redemption and a term’s end day first on a 24-hour clock', async () => {
    let answer: Response | typeof admitted = admitted;
    const fetch = createFetchStub({ 'POST /admin/api/check_in': () => answer });
    const { user } = renderRoute('/scan', { fetch, config: british });
    await enterCode(user, TICKET.scan_code!);
    const status = screen.getByRole('status', { name: 'Last scan' });
    expect(await within(status).findByText('Admitted')).toBeInTheDocument();
    // the session reads in its venue's zone (New York), in the seller's patterns
    expect(status).toHaveTextContent('Fri 1 Jun 2029, 14:00');

    answer = refused('already_redeemed', 409, { redeemed_at: '2029-05-31T20:05:00.000Z' });
    await enterCode(user, TICKET.scan_code!);
    expect(
      await within(status).findByText('Already redeemed at Thu 31 May 2029, 16:05'),
    ).toBeInTheDocument();

    // a term ending at London midnight (23:00 UTC in summer) ends on the day before
    answer = errorResponse(410, 'membership_expired', 'membership_expired', {
      code: 'M123456789',
      membership: {
        member_code: 'M123456789',
        name: 'Ada Lovelace',
        level: 'Family',
        valid_from: '2028-05-31T23:00:00.000Z',
        valid_to: '2029-05-31T23:00:00.000Z',
      },
    });
    await enterCode(user, 'M123456789');
    expect(
      await within(status).findByText('This membership is not current (it ended Thu 31 May 2029).'),
    ).toBeInTheDocument();
  });
});
