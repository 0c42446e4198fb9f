import { sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { callAs, type Answer } from './cluster-process';
import { addOne } from './cluster-scene';

/**
 * The buyers of the rolling-restart test (cluster.test.ts, decision 0090): guests who reserve,
 * read their cart, add a card, pay and read their cart again through nginx, one after another on
 * each lane, until the restart ends. A read must succeed as sent (nginx retries it on another
 * node); a POST refused for now (503 `service_unavailable`, a stopping or starting node's answer)
 * is sent again as it was, with the same Idempotency-Key, and must then succeed.
 */

export interface StreamLog {
  buyers: number;
  paidCarts: string[];
  reads: number;
  /** the POSTs refused for now and sent again: "path code" */
  refusals: string[];
  /** every answer that was neither what the step expects nor a retryable refusal */
  failures: string[];
}

const RETRIES = 200;
const pause = () => new Promise((resolve) => setTimeout(resolve, 25));
const CARD = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: 2034,
  cvc: '123',
  zip: '10001',
};

export async function buyWhile(
  restart: Promise<unknown>,
  options: { url: string; host: string; sessionId: string; typeId: string; lanes: number },
): Promise<StreamLog> {
  const log: StreamLog = { buyers: 0, paidCarts: [], reads: 0, refusals: [], failures: [] };
  const { url, host } = options;
  const unexpected = (step: string, answer: Answer) =>
    void log.failures.push(
      `${step}: ${answer.status} ${answer.headers['x-admit-node'] ?? 'nginx'} ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
  /** a POST until it is not refused for now; undefined (and a failure logged) if never 201 */
  const post = async (step: string, path: string, body: unknown, key?: string) => {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
      const answer = await callAs(url, { method: 'POST', path, host, body, headers });
      if (answer.status === 201) return answer;
      // nginx's own pages are no envelope: the step fails below with the status
      const code = (answer.body as { _data?: { _code?: string }[] })._data?.[0]?._code;
      if (answer.status !== 503 || code !== 'service_unavailable') return unexpected(step, answer);
      log.refusals.push(`${step} ${code}`);
      await pause();
    }
    log.failures.push(`${step}: still refused after ${RETRIES} attempts`);
  };
  const read = async (cartId: string) => {
    const answer = await callAs(url, { method: 'GET', path: `/api/cart/${cartId}`, host });
    log.reads++;
    if (answer.status === 200) return answer;
    unexpected('read', answer);
  };

  const buyer = async (n: number) => {
    const reserved = await post(
      'reserve',
      '/api/my/cart/modify',
      addOne(options.sessionId, options.typeId),
    );
    const cartId = reserved?.body.cart?._data[0]?.id as string | undefined;
    if (!cartId) return;
    const before = await read(cartId);
    const card = await post('card', '/api/sandbox/payment_methods?_seller=demo-museum', CARD);
    if (!before || !card) return;
    const paid = await post(
      'checkout',
      `/api/cart/${cartId}/guest_checkout`,
      {
        amount: before.body.cart_fees!._data[0]!.total_outstanding,
        gateway_id: 'stripe',
        gateway_data: { source: card.body.payment_method!._data[0]!.id, source_type: 'card' },
        purchaser: {
          first_name: 'Rolling',
          last_name: `Buyer ${n}`,
          email: `rolling-${n}@example.org`,
          email_confirm: `rolling-${n}@example.org`,
          zip_code: '10001',
        },
      },
      `rolling-${cartId}`,
    );
    if (paid && (await read(cartId))) log.paidCarts.push(cartId);
  };

  let restarting = true;
  const ended = restart.finally(() => (restarting = false));
  const lane = async () => {
    while (restarting) await buyer(log.buyers++);
  };
  await Promise.all([ended, ...Array.from({ length: options.lanes }, lane)]);
  return log;
}

/**
 * What must hold after the restart, whatever happened: the session's counter equals its taken
 * tickets, and every cart with a ticket in it was paid once, for its order's total, and has its
 * ticket booked. Returns the places taken and one line per cart that breaks a rule.
 */
export async function streamInvariants(db: Db, sessionId: string) {
  const session = await db.execute<{ used: number; tickets: number }>(
    sql`select s.used_capacity as used,
               (select count(*)::int from ticket t where t.event_session_id = s.id
                   and t.state in ('held', 'in_cart', 'booked', 'redeemed')) as tickets
          from event_session s where s.id = ${sessionId}`,
  );
  const carts = await db.execute<Record<string, number | string>>(
    sql`select c.id as cart,
               (select count(*)::int from payment p
                 where p.cart_id = c.id and p.state = 'succeeded') as payments,
               (select coalesce(sum(p.amount), 0)::int from payment p
                 where p.cart_id = c.id and p.state = 'succeeded') as paid,
               (select count(*)::int from ticket_order o where o.cart_id = c.id) as orders,
               (select coalesce(sum(o.total_after_fees_price), 0)::int from ticket_order o
                 where o.cart_id = c.id) as total,
               (select count(*)::int from ticket t
                 where t.cart_id = c.id and t.state = 'booked') as booked
          from cart c
         where exists (select 1 from ticket t
                        where t.cart_id = c.id and t.event_session_id = ${sessionId})`,
  );
  const broken = carts.rows
    .filter((r) => r.payments !== 1 || r.orders !== 1 || r.booked !== 1 || r.paid !== r.total)
    .map((r) => JSON.stringify(r));
  return { ...session.rows[0]!, carts: carts.rows.length, broken };
}
