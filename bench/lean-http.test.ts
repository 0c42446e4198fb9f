import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTimeoutError, LeanPool, leanRequest } from './lean-http';
import { runOpenLoop } from './open-loop';
import { jsonPoster } from './rush-client';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  // the pools first: a server closes once its connections have
  for (const close of closers.splice(0).reverse()) await close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listen(server: http.Server | net.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        if (server instanceof http.Server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A node:http server that records each request's method, path, body and client port. */
async function httpServer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: { method: string; path: string; body: string; port: number; app: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        path: req.url!,
        body,
        port: req.socket.remotePort!,
        app: String(req.headers['tix-app']),
      });
      answer(req, res);
    });
  });
  return { url: await listen(server), seen };
}

/** A server that answers every request with `bytes`, one byte per write, a pause between. */
async function byteByByteServer(bytes: string) {
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    const writeSlowly = async () => {
      for (const byte of Buffer.from(bytes, 'utf8')) {
        if (socket.destroyed) return;
        socket.write(Buffer.of(byte));
        await pause(1);
      }
    };
    socket.once('data', () => void writeSlowly());
  });
  return listen(server);
}

function pool(url: string, options: { sockets?: number; timeoutMs?: number } = {}) {
  const request = leanRequest(
    'POST',
    `${url}/api/my/cart/modify?_seller=rush`,
    {
      'content-type': 'application/json',
      'tix-app': 'ecomm',
    },
    '{"add":"€"}',
  );
  const lean = new LeanPool(request, { sockets: options.sockets ?? 4, ...options });
  closers.push(async () => lean.close());
  const send = () =>
    new Promise<{ error: Error | null; status: number; text: string }>((resolve) =>
      lean.send(request.bytes, (error, status, text) => resolve({ error, status, text })),
    );
  return { lean, send };
}

const euroBytes = Buffer.from('€', 'utf8');

describe('lean-http', () => {
  it('sends the request once built and reads a content-length body', async () => {
    const body = JSON.stringify({ cart: 'Zürich €', pad: 'x'.repeat(3700) });
    const server = await httpServer((_req, res) => {
      res.writeHead(201, { 'content-length': Buffer.byteLength(body) }).end(body);
    });
    const { send } = pool(server.url);
    expect(await send()).toEqual({ error: null, status: 201, text: body });
    expect(server.seen).toEqual([
      {
        method: 'POST',
        path: '/api/my/cart/modify?_seller=rush',
        body: '{"add":"€"}',
        port: expect.any(Number),
        app: 'ecomm',
      },
    ]);
  });

  it('reads a chunked body whose chunks arrive apart, a character split between two', async () => {
    const server = await httpServer((_req, res) => {
      res.writeHead(409, { 'transfer-encoding': 'chunked' });
      res.write('{"code":"event_session_sold_out","x":"');
      setTimeout(() => res.write(euroBytes.subarray(0, 1)), 5);
      setTimeout(() => res.end(Buffer.concat([euroBytes.subarray(1), Buffer.from('"}')])), 10);
    });
    const { send } = pool(server.url);
    expect(await send()).toEqual({
      error: null,
      status: 409,
      text: '{"code":"event_session_sold_out","x":"€"}',
    });
  });

  it('reads a content-length reply that arrives one byte per read', async () => {
    const url = await byteByByteServer(
      'HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nCONTENT-LENGTH: 11\r\n\r\n{"a":"€"}',
    );
    expect(await pool(url).send()).toEqual({ error: null, status: 201, text: '{"a":"€"}' });
  });

  it('reads a chunked reply (extension, trailer) that arrives one byte per read', async () => {
    const url = await byteByByteServer(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n' +
        '4;name=value\r\n{"a"\r\n7\r\n:"€"}\r\n0\r\nx-trailer: 1\r\n\r\n',
    );
    expect(await pool(url).send()).toEqual({ error: null, status: 200, text: '{"a":"€"}' });
  });

  it('reads a body framed by the server closing the connection', async () => {
    const server = net.createServer((socket) =>
      socket.once('data', () =>
        socket.end('HTTP/1.1 200 OK\r\nconnection: close\r\n\r\nto the end'),
      ),
    );
    const { lean, send } = pool(await listen(server));
    expect(await send()).toEqual({ error: null, status: 200, text: 'to the end' });
    expect(await send()).toEqual({ error: null, status: 200, text: 'to the end' });
    expect(lean.opened).toBe(2);
  });

  it('sends sequential requests on one kept-alive socket', async () => {
    const server = await httpServer((_req, res) => res.end('ok'));
    const { lean, send } = pool(server.url);
    for (let i = 0; i < 3; i++) expect((await send()).text).toBe('ok');
    expect(new Set(server.seen.map((s) => s.port)).size).toBe(1);
    expect(lean.opened).toBe(1);
  });

  it('opens a new socket after a reply that says connection: close', async () => {
    const server = await httpServer((_req, res) => {
      if (server.seen.length === 1) res.setHeader('connection', 'close');
      res.end('ok');
    });
    const { lean, send } = pool(server.url);
    expect(await send()).toMatchObject({ error: null, text: 'ok' });
    expect(await send()).toMatchObject({ error: null, text: 'ok' });
    expect(await send()).toMatchObject({ error: null, text: 'ok' });
    const [first, second, third] = server.seen.map((s) => s.port);
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    expect(lean.opened).toBe(2);
  });

  it('keeps to its socket limit: the rest wait for a free one', async () => {
    const server = await httpServer((_req, res) => setTimeout(() => res.end('ok'), 20));
    const { lean, send } = pool(server.url, { sockets: 2 });
    const replies = await Promise.all(Array.from({ length: 6 }, send));
    expect(replies.map((r) => r.text)).toEqual(Array(6).fill('ok'));
    expect(new Set(server.seen.map((s) => s.port)).size).toBe(2);
    expect(lean.opened).toBe(2);
  });

  it('times out a request the server never answers', async () => {
    const server = await httpServer(() => {});
    const { send } = pool(server.url, { timeoutMs: 150 });
    const started = performance.now();
    const { error } = await send();
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('fails a request whose connection closes mid-reply', async () => {
    const server = await httpServer((_req, res) => {
      res.writeHead(201, { 'content-length': 100 });
      res.write('only part of it');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const { error } = await pool(server.url).send();
    expect(error?.message).toMatch(/closed before its reply ended|ECONNRESET/);
  });

  it('fails a request to a port nobody listens on', async () => {
    const server = net.createServer();
    const url = await listen(server);
    await closers.pop()!();
    const { error } = await pool(url).send();
    expect((error as NodeJS.ErrnoException | null)?.code).toBe('ECONNREFUSED');
  });
});

describe('runOpenLoop on lean-http', () => {
  const run = (url: string, timeoutMs = 5_000) =>
    runOpenLoop({
      url: `${url}/hold`,
      body: '{}',
      headers: { 'tix-app': 'ecomm' },
      rate: 200,
      seconds: 0.2,
      sockets: 64,
      timeoutMs,
      classify: (status, text) =>
        status === 201 ? 'held' : text.includes('"event_session_sold_out"') ? 'sold_out' : 'error',
    });

  it('sends rate × seconds requests and classifies each reply', async () => {
    const server = await httpServer((_req, res) => {
      if (server.seen.length % 2) res.writeHead(201).end('{}');
      else res.writeHead(409).end('{"code":"event_session_sold_out"}');
    });
    const result = await run(server.url);
    expect(result.sent).toBe(40);
    expect(result.counts).toEqual({ held: 20, sold_out: 20, error: 0, timeout: 0 });
    expect(server.seen.every((s) => s.app === 'ecomm' && s.body === '{}')).toBe(true);
  });

  it('counts unanswered requests as timed out and refused ones as errors', async () => {
    const silent = await httpServer(() => {});
    expect((await run(silent.url, 100)).counts).toEqual({
      held: 0,
      sold_out: 0,
      error: 0,
      timeout: 40,
    });
    const closed = net.createServer();
    const url = await listen(closed);
    await closers.pop()!();
    expect((await run(url)).counts).toEqual({ held: 0, sold_out: 0, error: 40, timeout: 0 });
  });
});

describe('jsonPoster on lean-http', () => {
  it('posts each body and header set it is given, on one socket, and rejects a refused one', async () => {
    const server = await httpServer((req, res) =>
      res.writeHead(201).end(`${req.headers['tix-app']}`),
    );
    const client = jsonPoster(4);
    closers.push(async () => client.close());
    expect(await client.post(`${server.url}/a`, '{"n":1}', { 'tix-app': 'ecomm' })).toEqual({
      status: 201,
      text: 'ecomm',
    });
    // the same request again, then one thing changed at a time
    await client.post(`${server.url}/a`, '{"n":1}', { 'tix-app': 'ecomm' });
    await client.post(`${server.url}/a`, '{"n":1}', { 'tix-app': 'office' });
    await client.post(`${server.url}/a`, '{"n":2}', { 'tix-app': 'office' });
    await client.post(`${server.url}/b`, '{"n":2}', { 'tix-app': 'office' });
    expect(server.seen.map(({ path, body, app }) => `${path} ${body} ${app}`)).toEqual([
      '/a {"n":1} ecomm',
      '/a {"n":1} ecomm',
      '/a {"n":1} office',
      '/a {"n":2} office',
      '/b {"n":2} office',
    ]);
    expect(new Set(server.seen.map((s) => s.port)).size).toBe(1);
    const closed = net.createServer();
    const url = await listen(closed);
    await closers.pop()!();
    await expect(client.post(url, '{}', {})).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
