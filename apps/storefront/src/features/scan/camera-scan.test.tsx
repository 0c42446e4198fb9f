import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, type StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';

/**
 * The camera path of /{seller}/scan: @zxing/browser is loaded when the camera starts, and each
 * code it reads is checked in once (the same code held in view is not sent again at once).
 * jsdom has no camera, so the reader is a stand-in that "sees" the codes the test shows it.
 */

const seen = vi.hoisted(() => ({
  show: null as ((code: string) => void) | null,
  fail: false,
  stopped: 0,
}));

vi.mock('@zxing/browser', () => ({
  BrowserQRCodeReader: class {
    async decodeFromConstraints(
      _constraints: unknown,
      _video: unknown,
      callback: (result: { getText: () => string } | undefined) => void,
    ) {
      if (seen.fail) throw new Error('NotAllowedError: permission denied');
      seen.show = (code) => callback({ getText: () => code });
      return { stop: () => void (seen.stopped += 1) };
    }
  },
}));

const KEY = `adm_${'k'.repeat(43)}`;
// a member's card in front of the camera (decision 0042: member IDs are checked too)
const admitted = {
  check_in: {
    _count: 1,
    _total: 1,
    _data: [
      {
        _code: 'member_valid',
        membership: {
          member_code: 'M1001',
          name: 'Ada Lovelace',
          level: 'Family',
          valid_from: '2028-06-01T04:00:00.000Z',
          valid_to: '2030-06-01T04:00:00.000Z',
        },
      },
    ],
  },
};
const checkIns = (requests: StubRequest[]) =>
  requests.filter((r) => r.url.pathname === '/admin/api/check_in').map((r) => r.body);

beforeEach(() => {
  window.localStorage.setItem('admit:demo-museum:scan-key', JSON.stringify(KEY));
  Object.assign(seen, { show: null, fail: false, stopped: 0 });
});
afterEach(() => window.localStorage.clear());

describe('scanner page: the camera', () => {
  it('checks in each code the camera reads, once, and stops the camera when asked', async () => {
    const fetch = createFetchStub({ 'POST /admin/api/check_in': admitted });
    const { user } = renderRoute('/scan', { fetch });
    await user.click(await screen.findByRole('button', { name: 'Scan with the camera' }));
    expect(
      await screen.findByLabelText('Camera view: hold the QR code in the frame'),
    ).toBeVisible();
    await vi.waitFor(() => expect(seen.show).not.toBeNull());

    seen.show!('3F2A9C41B7D0E6A5');
    seen.show!('3F2A9C41B7D0E6A5');
    seen.show!('0123456789ABCDEF');
    await vi.waitFor(() => expect(checkIns(fetch.requests)).toHaveLength(2));
    expect(checkIns(fetch.requests)).toEqual([
      { code: '3F2A9C41B7D0E6A5' },
      { code: '0123456789ABCDEF' },
    ]);
    const status = screen.getByRole('status', { name: 'Last scan' });
    await within(status).findByText('Member admitted');
    expect(status).toHaveTextContent('Ada Lovelace');
    // the term's last day (valid_to is New York midnight, the first instant after the term):
    // the one home of membership dates, as the account and the e-mails say it (decision 0057)
    expect(status).toHaveTextContent('Family member, until Fri, May 31, 2030');

    await user.click(screen.getByRole('button', { name: 'Stop the camera' }));
    expect(seen.stopped).toBe(1);
    expect(screen.queryByLabelText('Camera view: hold the QR code in the frame')).toBeNull();
  });

  it('falls back to the typed code when there is no camera', async () => {
    seen.fail = true;
    const { user } = renderRoute('/scan', { fetch: createFetchStub() });
    await user.click(await screen.findByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The camera is not available. Enter the code by hand.',
    );
    expect(screen.getByLabelText('Ticket code')).toBeEnabled();
  });
});
