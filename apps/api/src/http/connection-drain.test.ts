import http from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { drainConnections } from './connection-drain';
import { errorHandling } from './error-handler';

/**
 * The stop's first step (decision 0090), on a real listening server: the port closes while a
 * kept-alive connection stays open, so a request a proxy sends on it is answered (the stopping
 * server's 503 envelope, which nginx retries elsewhere or hands the buyer to send again), never
 * reset; the drain ends when the connections do, not at the grace.
 */

const agents: http.Agent[] = [];
afterEach(() => agents.splice(0).forEach((agent) => agent.destroy()));

function get(port: number, agent: http.Agent) {
  return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/x', agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
      })
      .on('error', reject);
  });
}

/** Resolves once nothing accepts connections on the port (polled; no wall-clock bound). */
async function refused(port: number) {
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (!accepted) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const keptAlive = () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
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
  expect((await get(port, agent)).status).toBe(200);

  const closed = app.close();
  await refused(port);
  // the agent's idle connection is still open: without the drain, Node has cut it by now
  const late = await get(port, agent);
  expect(late).toMatchObject({ status: 503, connection: 'close' });
  expect(JSON.parse(late.body)._data[0]._code).toBe('service_unavailable');
  await closed;
});

it('ends the drain when the last connection ends, before the grace', async () => {
  const server = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = keptAlive();
  await get(port, agent);
  let drained = false;
  // a grace no test run reaches: only the connection's end can finish the drain
  const drain = drainConnections(server, 600_000).then(() => (drained = true));
  await refused(port);
  expect(drained).toBe(false);
  agent.destroy();
  await drain;
  expect(drained).toBe(true);
  server.close();
});
