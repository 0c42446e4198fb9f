import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfficeOrder } from '@admit/contracts/office-orders';
import { officeSessionOf } from '@/features/office/testing/office-session-fixture';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, type StubRequest } from '@/testing/fetch-stub';
import { ADULT, collection, ORDER_ID, officeOrderOf } from './orders-test-fixtures';

/**
 * The order page's re-issue and note dialogs (issue #27 "Orders"): opened from the keyboard, the
 * reason required before anything is sent, the one call sent, and the order shown anew.
 */

const ACTIONS = `/api/office/ticket_order/${ORDER_ID}`;
const noContrast = { rules: { 'color-contrast': { enabled: false } } };
/** The order as the API answers after an action: its audit record among the notes and actions. */
const after = (action: string, reason: string): OfficeOrder => ({
  ...officeOrderOf(0),
  history: [
    {
      id: '00000000-0000-4000-8000-0000000000h2',
      action,
      actor: 'box_office@demo-museum.test',
      at: '2029-06-02T13:05:00.000Z',
      reason,
    },
  ],
});

/** The order page with one action answered; the posts it receives are collected. */
function orderPage(kind: string, answer: OfficeOrder) {
  const posts: StubRequest[] = [];
  const fetch = createFetchStub({
    'GET /api/office/me': officeSessionOf('box_office'),
    [`GET ${ACTIONS}`]: { ticket_order: collection([officeOrderOf(0)]) },
    [`POST ${ACTIONS}/${kind}`]: (request: StubRequest) => {
      posts.push(request);
      return { ticket_order: collection([answer]) };
    },
  });
  return { posts, ...renderRoute(`/office/orders/${ORDER_ID}`, { fetch }) };
}

/** The refusal's checks (nothing sent, the dialog still axe clean), then the text typed and confirmed. */
async function refusedThenConfirmed(
  user: ReturnType<typeof renderRoute>['user'],
  posts: StubRequest[],
  field: HTMLElement,
  text: string,
) {
  const dialog = screen.getByRole('dialog');
  expect(posts).toEqual([]);
  expect((await axe.run(dialog, noContrast)).violations.map((v) => v.id)).toEqual([]);
  await user.clear(field);
  await user.type(field, text);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

const posted = (posts: StubRequest[]) =>
  posts.map((r) => ({ method: r.method, path: r.url.pathname, body: r.body }));
const notesAndActions = () =>
  screen.getByRole('heading', { level: 2, name: 'Notes and actions' }).nextElementSibling!
    .textContent;

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/orders/orders-section');
});

describe('the office order page’s dialogs', () => {
  it('re-issues a ticket’s scan code: opened by keyboard, a reason required, then sent once', async () => {
    const { posts, user } = orderPage(
      'reissue_code',
      after('order.reissue_code', 'lost on the bus'),
    );
    const adult = await screen.findByRole('checkbox', { name: /Adult/ });
    const reissue = screen.getByRole('button', { name: 'Re-issue the scan code' });
    expect(reissue).toBeDisabled();
    adult.focus();
    await user.keyboard(' ');
    expect(reissue).toBeEnabled();
    reissue.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Re-issue the scan code' });
    expect(within(dialog).getByText(/the old codes stop working/)).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    // the reason has the focus: confirming at once, or with spaces only, is refused beside it
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(reason).toHaveAccessibleDescription('Please write at least 3 characters.');
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Please write at least 3 characters.')).toBeVisible();
    await refusedThenConfirmed(user, posts, reason, 'lost on the bus');
    expect(posted(posts)).toEqual([
      {
        method: 'POST',
        path: `${ACTIONS}/reissue_code`,
        body: { ticket_id: ADULT, reason: 'lost on the bus' },
      },
    ]);
    expect(notesAndActions()).toBe(
      'Jun 2, 2029, 9:05 AM · box_office@demo-museum.test · order.reissue_code: lost on the bus',
    );
    // the selection is spent with the action
    expect(screen.getByRole('checkbox', { name: /Adult/ })).not.toBeChecked();
  });

  it('says a sentence when the answer is no envelope (a proxy’s 502 page), not its status text', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      [`GET ${ACTIONS}`]: { ticket_order: collection([officeOrderOf(0)]) },
      [`POST ${ACTIONS}/resend`]: () =>
        new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'Content-Type': 'text/html' },
        }),
    });
    const { user } = renderRoute(`/office/orders/${ORDER_ID}`, { fetch });
    await user.click(await screen.findByRole('button', { name: 'Resend the confirmation' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'lost it');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('adds a note: opened by keyboard, the note required, then kept with the order', async () => {
    const { posts, user } = orderPage('note', after('order.note', 'Called about parking'));
    const add = await screen.findByRole('button', { name: 'Add a note' });
    add.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add a note' });
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    await user.type(note, 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(note).toHaveAccessibleDescription('Please write at least 3 characters.');
    await refusedThenConfirmed(user, posts, note, '  Called about parking ');
    expect(posted(posts)).toEqual([
      { method: 'POST', path: `${ACTIONS}/note`, body: { note: 'Called about parking' } },
    ]);
    expect(notesAndActions()).toBe(
      'Jun 2, 2029, 9:05 AM · box_office@demo-museum.test · order.note: Called about parking',
    );
  });
});
