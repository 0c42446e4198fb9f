import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { drainConnections } from './connection-drain';
import { errorHandling } from './error-handler';
import { getOn, keptAliveAgent, untilRefused } from '@/testing/kept-alive';

/**
 * The stop's first step (decision 0090), on a real listening server: the port closes while a
 * kept-alive connection stays open, so a request a proxy sends on it is answered (the stopping
 * server's 503 envelope, which nginx retries elsewhere or hands the buyer to send again), never
 * reset; the drain ends when the connections do, not at the grace.
 */

const agents: http.Agent[] = [];
afterEach(() => agents.splice(0).forEach((agent) => agent.destroy()));
const keptAlive = () => {
  const agent = keptAliveAgent();
  agents.push(agent);
  return agent;
};

it('answers a request on a kept-alive connection after the port closed, then stops', async () => {
  const app = Fastify({ return503OnClosing: false });
  await app.register(errorHandling);
  app.get('/x', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const agent = keptAlive();
  expect((await getOn(agent, port, '/x')).status).toBe(200);

  const closed = app.close();
  await untilRefused(port);
  // the agent's idle connection is still open: without the drain, Node has cut it by now
  const late = await getOn(agent, port, '/x');
  expect(late).toMatchObject({ status: 503, connection: 'close' });
  expect(JSON.parse(late.body)._data[0]._code).toBe('service_unavailable');
  await closed;
});

it('ends the drain when the last connection ends, before the grace', async () => {
  const server = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = keptAlive();
  await getOn(agent, port, '/x');
  let drained = false;
  // a grace no test run reaches: only the connection's end can finish the drain
  const drain = drainConnections(server, 600_000).then(() => (drained = true));
  await untilRefused(port);
  expect(drained).toBe(false);
  agent.destroy();
  await drain;
  expect(drained).toBe(true);
  server.close();
});
