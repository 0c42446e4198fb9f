import { Server } from 'node:net';

/**
 * How long a stopping server waits for its kept-alive connections to end before it cuts the idle
 * ones. Longer than nginx's upstream `keepalive_timeout` (scripts/cluster-config.mjs, 2 s), so
 * behind nginx they are all ended by nginx, never cut under a request (decision 0090).
 */
export const KEPT_ALIVE_GRACE_MS = 3_000;

/**
 * The first step of a stop (decision 0090): the port closes, so a proxy's new connection is
 * refused and the proxy sends the request to another node (nginx does so even for a POST, which
 * it has not sent yet), while the kept-alive connections stay open. A request on one is answered
 * (the 503 of error-handler.ts, or a finished answer, each with `Connection: close`); it resolves
 * once every connection has ended or after `graceMs`. Node's own `http.Server.close()` (which
 * Fastify's close calls next) destroys the idle kept-alive connections at once: a proxy that has
 * just sent a request on one, say a checkout, meets a reset and answers the buyer 502, a POST it
 * must not retry. With this step first, it only cuts what outlived the grace.
 */
export async function drainConnections(server: Server, graceMs: number): Promise<void> {
  if (!server.listening) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, graceMs);
    // net.Server's close: stops listening, and calls back once the last connection has ended
    Server.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
