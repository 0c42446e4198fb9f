import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCollection } from '@admit/contracts/envelope';
import { walletPrecheckRoute } from '@admit/contracts/routes/orders';
import { PKPASS_CONTENT_TYPE } from '@admit/contracts/wallet';
import { AppError } from '@/http/app-error';
import { fromTable } from '@/http/table-route';
import { readSellerSettings } from '@/modules/sellers/seller-settings';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import { appleConfigured, googleConfigured } from './credentials';
import { googleSaveUrl } from './gwpass';
import { passTicket } from './pass-ticket';
import { buildPkpass } from './pkpass';

const params = z.object({ id: z.string() });
const query = z.object({ secret: z.string().max(200).optional() }).passthrough();
const config = { caller: 'visitor', callerContext: 'ticket' } as const;

const notConfigured = (provider: string) =>
  new AppError('not_configured', 'wallet', `${provider} passes are not configured`, null, 404);

/**
 * Wallet passes (identity §7; decision 0037): GET ticket/{id}/walletprecheck, /pkpass and
 * /gwpass — the ticket's buyer or the order's secret link only, a live ticket only.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  // a query that does not parse carries no secret: the ticket is then the buyer's only
  async function load(request: FastifyRequest, id: string) {
    const q = query.safeParse(request.query);
    const ticket = await passTicket(db, request.caller, id, q.success ? q.data.secret : undefined);
    const wallet = (await readSellerSettings(db, request.caller.seller.id)).private?.wallet;
    return { ticket, wallet };
  }

  app.route({
    ...fromTable(walletPrecheckRoute),
    config,
    handler: async (request, reply) => {
      const { ticket, wallet } = await load(request, request.params.ticketId);
      return reply.header('cache-control', 'no-store').send({
        wallet_precheck: toCollection([
          {
            ticket_id: ticket.detail.ticket.id,
            apple_wallet: { ok: appleConfigured(wallet?.apple) },
            google_wallet: { ok: googleConfigured(wallet?.google) },
          },
        ]),
      });
    },
  });

  app.get(
    '/api/ticket/:id/pkpass',
    // a signed .pkpass archive: Fastify sends a Buffer as it is, the schema only types the reply
    { schema: { params, response: { 200: z.instanceof(Buffer) } }, config },
    async (request, reply) => {
      const { ticket, wallet } = await load(request, request.params.id);
      if (!appleConfigured(wallet?.apple)) throw notConfigured('Apple Wallet');
      const pass = await buildPkpass(wallet.apple, ticket, request.caller.seller);
      return reply
        .header('content-type', PKPASS_CONTENT_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="ticket-${ticket.detail.ticket.id}.pkpass"`,
        )
        .header('cache-control', 'private, no-store')
        .send(pass);
    },
  );

  app.get(
    '/api/ticket/:id/gwpass',
    // a redirect to Google's save link: a 302 has no body to serialise
    { schema: { params, response: { 302: z.undefined() } }, config },
    async (request, reply) => {
      const { ticket, wallet } = await load(request, request.params.id);
      if (!googleConfigured(wallet?.google)) throw notConfigured('Google Wallet');
      const seller = request.caller.seller;
      // the storefront that shows the button: the seller's domain when the request came by it
      const { origin } = new URL(await storefrontRootOf(db, seller, app.deps.config, request));
      const url = await googleSaveUrl(wallet.google, ticket, seller, origin, app.deps.now());
      return reply.header('cache-control', 'private, no-store').redirect(url, 302);
    },
  );
};
