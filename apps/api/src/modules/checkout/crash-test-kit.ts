import type pg from 'pg';

/**
 * The crash test's client and its checks (checkout-crash.test.ts): guest checkouts against a
 * server process over HTTP, and the invariants read straight from its PostgreSQL database.
 */

export const SELLER = 'demo-museum';
const HEADERS = { 'tix-app': 'ecomm', 'content-type': 'application/json' };

export interface Attempt {
  cartId: string;
  key: string;
  body: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
}

async function post(baseUrl: string, path: string, body: unknown, key?: string) {
  const res = await fetch(`${baseUrl}/api/${path}?_seller=${SELLER}`, {
    method: 'POST',
    headers: key ? { ...HEADERS, 'idempotency-key': key } : HEADERS,
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

/** The session and ticket type the burst reserves: demo-museum's adult timed admission. */
export async function findTarget(client: pg.Client) {
  const { rows } = await client.query<{ session_id: string; type_id: string }>(
    `select s.id as session_id, tt.id as type_id
       from event_session s
       join event_template e on e.id = s.event_template_id
       join seller sl on sl.id = e.seller_id
       join ticket_group g on g.event_template_id = e.id
       join ticket_type tt on tt.ticket_group_id = g.id
      where sl.slug = $1 and e.name = 'General Admission' and g.name = 'Timed Admission'
        and tt.name = 'Adult' and s.start_datetime > now() + interval '8 days'
        and s.used_capacity = 0
      order by s.start_datetime limit 1`,
    [SELLER],
  );
  if (!rows[0]) throw new Error('no free demo admission session to reserve');
  return { sessionId: rows[0].session_id, typeId: rows[0].type_id };
}

/** Reserve one ticket as a guest and tokenize a sandbox card: a checkout ready to fire. */
export async function prepareCheckout(
  baseUrl: string,
  target: { sessionId: string; typeId: string },
  n: number,
): Promise<Attempt> {
  const reserved = await post(baseUrl, 'my/cart/modify', {
    add: [
      {
        event_session_id: target.sessionId,
        ticket_types_required: [{ ticket_type_id: target.typeId, quantity: 1 }],
      },
    ],
  });
  if (reserved.status >= 300)
    throw new Error(`reserve: ${reserved.status} ${JSON.stringify(reserved.body)}`);
  const bundle = reserved.body as {
    cart: { _data: { id: string }[] };
    cart_fees: { _data: { total_outstanding: string }[] };
  };
  const token = await post(baseUrl, 'sandbox/payment_methods', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: 2034,
    cvc: '123',
    zip: '10001',
  });
  if (token.status !== 201) throw new Error(`tokenize: ${token.status}`);
  const pm = (token.body as { payment_method: { _data: { id: string }[] } }).payment_method
    ._data[0]!.id;
  return {
    cartId: bundle.cart._data[0]!.id,
    key: `crash-${n}-${Math.random().toString(36).slice(2)}`,
    body: {
      amount: bundle.cart_fees._data[0]!.total_outstanding,
      gateway_id: 'stripe',
      gateway_data: { source: pm, source_type: 'card' },
      purchaser: {
        first_name: 'Crash',
        last_name: `Tester${n}`,
        email: `crash${n}@example.org`,
        email_confirm: `crash${n}@example.org`,
        zip_code: '10001',
      },
    },
  };
}

/** One guest checkout call; null when the connection died (the server was killed). */
export async function fireCheckout(baseUrl: string, attempt: Attempt): Promise<Answer | null> {
  try {
    return await post(baseUrl, `cart/${attempt.cartId}/guest_checkout`, attempt.body, attempt.key);
  } catch {
    return null;
  }
}

/** Retries with the same key while the answer is 409 (a bounded wait), until `deadline`. */
export async function retryUntilFinal(
  baseUrl: string,
  attempt: Attempt,
  deadline: number,
): Promise<Answer> {
  for (;;) {
    const answer = await fireCheckout(baseUrl, attempt);
    if (answer && answer.status !== 409 && answer.status < 500) return answer;
    if (Date.now() > deadline) return answer ?? { status: 0, body: null };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The invariants after recovery; answers every violation found (none: all held).
 * - every charged payment has exactly one order or one refund, none is left in between
 * - every retry answered a final result: the cart's order (201), or a final refusal (4xx ≠ 409)
 * - no capacity leaks: the session's used places = its live tickets
 */
export async function violations(
  client: pg.Client,
  sessionId: string,
  attempts: Attempt[],
  answers: Answer[],
): Promise<string[]> {
  const found: string[] = [];
  const payments = await client.query<{
    id: string;
    cart_id: string;
    state: string;
    orders: string;
  }>(
    `select p.id, p.cart_id, p.state,
            (select count(*) from ticket_order o where o.cart_id = p.cart_id) as orders
       from payment p where p.gateway_id = 'stripe'`,
  );
  for (const p of payments.rows) {
    const orders = Number(p.orders);
    if (p.state === 'succeeded' && orders !== 1)
      found.push(`payment ${p.id}: charged, ${orders} orders, no refund`);
    if (p.state === 'refunded' && orders !== 0) found.push(`payment ${p.id}: refunded and ordered`);
    if (p.state === 'created' || p.state === 'refunding')
      found.push(`payment ${p.id}: left ${p.state}`);
  }
  const orderOf = new Map(
    (
      await client.query<{ cart_id: string; id: string }>('select cart_id, id from ticket_order')
    ).rows.map((r) => [r.cart_id, r.id]),
  );
  const keyRows = await client.query<{
    key: string;
    cart_id: string;
    state: string;
    order_id: string | null;
  }>('select key, cart_id, state, order_id from idempotency_key');
  const keysOf = (cartId: string) =>
    JSON.stringify(keyRows.rows.filter((k) => k.cart_id === cartId));
  attempts.forEach((a, i) => {
    const answer = answers[i]!;
    if (answer.status === 201) {
      const id = (answer.body as { ticket_order?: { _data: { id: string }[] } }).ticket_order
        ?._data[0]?.id;
      if (id !== orderOf.get(a.cartId)) found.push(`key ${a.key}: 201 for another order`);
    } else if (answer.status === 409 || answer.status >= 500 || answer.status === 0) {
      found.push(
        `key ${a.key}: no final answer (${answer.status} ${JSON.stringify(answer.body)}); keys of its cart ${keysOf(a.cartId)}`,
      );
    } else if (orderOf.has(a.cartId)) {
      found.push(`key ${a.key}: answered ${answer.status} but its cart has an order`);
    }
  });
  const open = await client.query<{ key: string; state: string }>(
    `select key, state from idempotency_key where state in ('started', 'charged')`,
  );
  for (const k of open.rows) {
    if (attempts.some((a) => a.key === k.key)) found.push(`key ${k.key}: left ${k.state}`);
  }
  const capacity = await client.query<{ used: number; live: string }>(
    `select s.used_capacity as used,
            (select count(*) from ticket t where t.event_session_id = s.id
               and t.holds_session_capacity and t.state in ('in_cart', 'booked')) as live
       from event_session s where s.id = $1`,
    [sessionId],
  );
  const { used, live } = capacity.rows[0]!;
  if (used !== Number(live))
    found.push(`session ${sessionId}: ${used} places used, ${live} live tickets`);
  return found;
}
