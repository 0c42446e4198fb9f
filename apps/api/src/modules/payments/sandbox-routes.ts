import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxCardBodySchema } from '@admit/contracts/checkout';
import { sandboxPaymentMethodRoute } from '@admit/contracts/routes/checkout';
import { toCollection } from '@admit/contracts/envelope';
import { AppError } from '@/http/app-error';
import { rawQuerySchema } from '@/http/parse-input';
import { fromTable } from '@/http/table-route';
import type { App } from '@/http/typed-app';
import { isUuid } from '@/http/query-values';
import { escapeHtml } from '@/lib/escape-html';
import { selectPayment, updatePayment } from './repo';
import { brandOf, issueSandboxToken, outcomeOf, passesLuhn } from './sandbox-cards';
import { sandboxSellerOf } from './sandbox-mode';
import { sandboxTokenKey } from './sandbox-tokens';

const idParams = z.object({ id: z.string() });
const formSchema = z.object({
  result: z.enum(['complete', 'fail']),
  return_url: z.string().max(2000),
});

// only a path of this site: the page must not become an open redirect
const safeReturn = (value: unknown) =>
  typeof value === 'string' &&
  value.startsWith('/') &&
  !value.startsWith('//') &&
  !value.includes('\\')
    ? value
    : '/';

const withParams = (path: string, params: Record<string, string>) =>
  `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;

function authenticationPage(paymentId: string, returnUrl: string, amount: string) {
  const action = `/sandbox/authenticate/${paymentId}`;
  const button = (result: string, label: string) =>
    `<form method="post" action="${escapeHtml(action)}" style="display:inline">` +
    `<input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">` +
    `<input type="hidden" name="result" value="${result}">` +
    `<button type="submit" style="font-size:1rem;padding:.6rem 1rem;margin:.25rem">${label}</button></form>`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<title>Sandbox card authentication</title></head>',
    '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">',
    '<main><h1>Sandbox card authentication</h1>',
    `<p>This test page stands in for the card issuer's 3-D Secure check of a payment of ${escapeHtml(amount)}.</p>`,
    button('complete', 'Complete authentication'),
    button('fail', 'Fail authentication'),
    '</main></body></html>',
  ].join('');
}

/**
 * The sandbox card gateway's HTTP side (decision 0018): tokenization like the provider's
 * payment methods, and its 3-D Secure test page. Card data is sent here, never in a pay body.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  // the card is checked in the handler, after the seller: its refusals speak Stripe's words
  app.route({
    ...fromTable(sandboxPaymentMethodRoute, { bodyByHandler: true }),
    handler: async (request, reply) => {
      const sellerId = await sandboxSellerOf(app, request.query._seller);
      const parsed = sandboxCardBodySchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.map(String).join('.') || 'body';
        throw new AppError('validation_failed', 'stripe', `${field}: invalid card details`, {
          field,
        });
      }
      const card = parsed.data;
      const digits = card.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
        throw new AppError('validation_failed', 'stripe', 'Your card number is incorrect.', {
          field: 'number',
        });
      }
      const now = app.deps.now();
      const expiry = new Date(Date.UTC(card.exp_year, card.exp_month, 1));
      if (expiry <= now) {
        throw new AppError(
          'validation_failed',
          'stripe',
          "Your card's expiration date is in the past.",
          {
            field: 'exp_year',
          },
        );
      }
      const last4 = digits.slice(-4);
      const token = issueSandboxToken(await sandboxTokenKey(db), sellerId, {
        outcome: outcomeOf(digits),
        last4,
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({
          payment_method: toCollection([
            {
              id: token,
              brand: brandOf(digits),
              last4,
              exp_month: card.exp_month,
              exp_year: card.exp_year,
            },
          ]),
        });
    },
  });

  async function pendingPayment(id: string) {
    const row = isUuid(id) ? await selectPayment(db, id.toLowerCase()) : null;
    const isSandbox =
      (row?.gatewayData as { card_gateway?: string } | null)?.card_gateway === 'sandbox';
    if (!row || !isSandbox) throw new AppError('not_found', 'stripe', 'Payment not found');
    return row;
  }

  app.get(
    '/api/sandbox/authenticate/:id',
    // an HTML page: Fastify sends a string as it is, the schema only types the reply
    { schema: { params: idParams, querystring: rawQuerySchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const row = await pendingPayment(request.params.id);
      const returnUrl = safeReturn(request.query.return_url);
      const amount = `${(row.amount / 100).toFixed(2)} ${row.currency}`;
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(authenticationPage(row.id, returnUrl, amount));
    },
  );

  // the page's buttons post a plain form; only this scope parses form bodies
  await app.register(async (scope: App) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(
      '/sandbox/authenticate/:id',
      // a 303 back to the return URL: no body to serialise; the form is checked in the handler
      { schema: { params: idParams, response: { 303: z.undefined() } } },
      async (request, reply) => {
        const row = await pendingPayment(request.params.id);
        const form = formSchema.safeParse(request.body);
        if (!form.success)
          throw new AppError('validation_failed', 'stripe', 'result: complete or fail');
        const returnUrl = safeReturn(form.data.return_url);
        // only an intent waiting for authentication changes; a second click changes nothing
        if (row.state === 'requires_action') {
          const complete = form.data.result === 'complete';
          await updatePayment(
            db,
            row.id,
            complete
              ? { state: 'succeeded', errorCode: null }
              : { state: 'failed', errorCode: 'payment_intent_authentication_failure' },
            app.deps.now(),
          );
        }
        const after = await selectPayment(db, row.id);
        return reply.redirect(
          withParams(returnUrl, {
            payment_intent: row.id,
            redirect_status: after?.state === 'succeeded' ? 'succeeded' : 'failed',
          }),
          303,
        );
      },
    );
  });
};
