import { orderManageResponseSchema } from '@admit/contracts/manage';
import type { OrderManageResponse } from '@admit/contracts/manage';
import type { Page } from 'playwright-core';
import { APP_HEADER } from './catalog';
import { acceptTerms, fillCard, fillPurchaser, payButton, SUCCESS_CARD } from './checkout';
import { linkIn, waitForMail } from './mailbox';
import { SELLER } from './reserve';

// Helpers of the after-sale spec (identity §2 "Manage order"): the order as the manage page reads
// it, through the same public calls with the order's secret link, and the clean-up that gives its
// places back so the shared server keeps its capacity.

const Q = `_seller=${SELLER}`;

/** The secret link of the confirmation e-mail: the manage page's path and its order. */
export interface ManageLink {
  path: string;
  orderId: string;
  secret: string;
}

/** Pays the stored cart at /checkout as a guest (card, or nothing for a free cart). */
export async function checkOutAsGuest(
  page: Page,
  who: { firstName: string; lastName: string; email: string },
  free = false,
): Promise<void> {
  await page.goto(`/${SELLER}/checkout`);
  await page.getByRole('main').getByRole('heading', { name: 'Payment information' }).waitFor();
  await fillPurchaser(page, who);
  await acceptTerms(page);
  if (free) {
    await page.getByRole('main').getByRole('button', { name: 'Complete order' }).click();
  } else {
    await fillCard(page, SUCCESS_CARD);
    await payButton(page).click();
  }
  await page.waitForURL(/\/checkout\/complete\?orderIds=/);
}

/** The manage link of the order confirmation mailed to `email` since `since` (decision 0036). */
export async function manageLinkFromMail(
  baseUrl: string,
  email: string,
  since: Date,
): Promise<ManageLink> {
  const mail = await waitForMail(baseUrl, email, 'order_confirmation', since);
  const url = new URL(linkIn(mail, '/manage/'));
  const orderId = /\/manage\/([0-9a-f-]{36})/.exec(url.pathname)?.[1];
  const secret = url.searchParams.get('secret');
  if (!orderId || !secret) throw new Error(`no order or secret in the manage link ${url.href}`);
  return { path: `${url.pathname}${url.search}`, orderId, secret };
}

/** GET ticket_order/{id}/manage with the secret: the order's tickets and what each may still do. */
export async function readManagedOrder(
  baseUrl: string,
  link: ManageLink,
): Promise<OrderManageResponse> {
  const res = await fetch(
    `${baseUrl}/api/ticket_order/${link.orderId}/manage?${Q}&secret=${encodeURIComponent(link.secret)}`,
    { headers: APP_HEADER },
  );
  if (!res.ok) throw new Error(`manage read answered ${res.status}: ${await res.text()}`);
  return orderManageResponseSchema.parse(await res.json());
}

/**
 * Gives the order's places back: drops an edit left open (its held places) and cancels every
 * ticket still booked (POST ticket_order/{id}/cancel), so the suite leaves capacity as found.
 */
export async function cancelWholeOrder(baseUrl: string, link: ManageLink): Promise<void> {
  const query = `${Q}&secret=${encodeURIComponent(link.secret)}`;
  await fetch(`${baseUrl}/api/ticket_order/${link.orderId}/edit?${query}`, {
    method: 'DELETE',
    headers: APP_HEADER,
  });
  const order = await readManagedOrder(baseUrl, link);
  const booked = order.ticket._data.filter((t) => t.state === 'booked').map((t) => t.id);
  if (booked.length === 0) return;
  const res = await fetch(`${baseUrl}/api/ticket_order/${link.orderId}/cancel?${query}`, {
    method: 'POST',
    headers: {
      ...APP_HEADER,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({ tickets: booked }),
  });
  if (!res.ok) throw new Error(`cancel answered ${res.status}: ${await res.text()}`);
}
