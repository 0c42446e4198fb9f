import http from 'node:http';
import { connect } from 'node:net';

/**
 * A stopping server's kept-alive connections, seen from the client (decision 0090): a GET on an
 * agent that keeps its one connection, and a wait until the port refuses new connections.
 */

export const keptAliveAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

export function getOn(agent: http.Agent, port: number, path: string) {
  return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
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
export async function untilRefused(port: number) {
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
