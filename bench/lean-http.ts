import net from 'node:net';
import { ResponseParser } from './lean-http-parser';

/**
 * The benches' HTTP/1.1 client (issue #28). The driver runs on the same two cores as the
 * servers it measures, while real buyers' browsers do not: node:http with a keep-alive Agent
 * spent 0.24-0.6 ms of CPU per request here (15-25 % of the machine during a rush), so the
 * driver's own cost showed up in what the benchmark called the server's latency. This client
 * does only what a browser's connection does to our servers: keep-alive sockets, one request in
 * flight on each (no pipelining), opened on demand up to a limit and reused, TCP_NODELAY. The
 * request is built once as one Buffer and written with one `write`; reads land in one shared
 * buffer (`onread`: no stream machinery, no allocation per read) and a minimal parser
 * (`lean-http-parser.ts`) turns them into a status and a body text.
 */

/** A request ready for the wire: where it goes and its bytes (head and body). */
export interface LeanRequest {
  host: string;
  port: number;
  bytes: Buffer;
}

/** Called once per request: with the error, or with the status and the body as text. */
export type OnReply = (error: Error | null, status: number, text: string) => void;

/** No complete reply within the pool's `timeoutMs` of the request being written. */
export class HttpTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no complete reply within ${timeoutMs} ms`);
    this.name = 'HttpTimeoutError';
  }
}

/**
 * Builds a request's bytes once: `host` from the URL, `content-length` from the body, then
 * `headers` (names compared case-insensitively, the last one wins, as node:http does).
 */
export function leanRequest(
  method: string,
  url: string,
  headers: Record<string, string>,
  body = '',
): LeanRequest {
  const target = new URL(url);
  if (target.protocol !== 'http:') throw new Error(`lean-http speaks plain http only: ${url}`);
  // the parser would wait for the body a HEAD answer announces but never sends
  if (method === 'HEAD') throw new Error('lean-http does not send HEAD');
  const payload = Buffer.from(body, 'utf8');
  const fields = new Map<string, string>([['host', `host: ${target.host}`]]);
  for (const [name, value] of Object.entries(headers)) {
    if (/[\r\n]/.test(name + value)) throw new Error(`a line break in header ${name}`);
    fields.set(name.toLowerCase(), `${name}: ${value}`);
  }
  if (payload.length > 0 || method !== 'GET') {
    fields.set('content-length', `content-length: ${payload.length}`);
  }
  const head = `${method} ${target.pathname}${target.search} HTTP/1.1\r\n${[...fields.values()].join('\r\n')}\r\n\r\n`;
  return {
    host: target.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(target.port || 80),
    bytes: Buffer.concat([Buffer.from(head, 'latin1'), payload]),
  };
}

interface Connection {
  socket: net.Socket;
  parser: ResponseParser;
  /** the request in flight on this socket, if any */
  onReply: OnReply | null;
  /** why the socket is being closed, for the request in flight */
  failure: Error | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Every socket's reads land here and are parsed before the next read of any socket (one
 * thread), so one buffer serves all; the parser copies what it must keep.
 */
const readBuffer = Buffer.allocUnsafe(64 * 1024);

/** Keep-alive sockets to one host and port, at most `sockets` of them, one request on each. */
export class LeanPool {
  /** sockets opened over the pool's life; a reused socket counts once */
  opened = 0;
  private open = 0;
  private closed = false;
  private readonly all = new Set<Connection>();
  private idle: Connection[] = [];
  private waiting: { bytes: Buffer; onReply: OnReply }[] = [];
  private readonly host: string;
  private readonly port: number;
  private readonly sockets: number;
  private readonly timeoutMs: number | undefined;

  constructor(
    target: { host: string; port: number },
    options: { sockets: number; timeoutMs?: number },
  ) {
    this.host = target.host;
    this.port = target.port;
    this.sockets = options.sockets;
    this.timeoutMs = options.timeoutMs;
  }

  /**
   * Writes `bytes` on a free socket (the most recently freed, else a new one while under the
   * limit); when every socket is busy the request waits for one, and its timeout starts then.
   */
  send(bytes: Buffer, onReply: OnReply) {
    if (this.closed) {
      process.nextTick(onReply, new Error('the pool is closed'), 0, '');
      return;
    }
    let connection = this.idle.pop();
    // one whose server hung up, whose 'close' has not run yet
    while (connection && !connection.socket.writable) connection = this.idle.pop();
    if (connection) this.start(connection, bytes, onReply);
    else if (this.open < this.sockets) this.start(this.connect(), bytes, onReply);
    else this.waiting.push({ bytes, onReply });
  }

  /** Closes every socket; a request still in flight or waiting fails. */
  close() {
    this.closed = true;
    for (const { onReply } of this.waiting.splice(0)) {
      process.nextTick(onReply, new Error('the pool closed'), 0, '');
    }
    for (const connection of this.all) {
      connection.failure ??= new Error('the pool closed');
      connection.socket.destroy();
    }
    this.idle = [];
  }

  private connect(): Connection {
    const connection: Connection = {
      socket: null as unknown as net.Socket,
      parser: new ResponseParser(),
      onReply: null,
      failure: null,
      timer: null,
    };
    connection.socket = net.connect({
      host: this.host,
      port: this.port,
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (size) => {
          this.read(connection, readBuffer.subarray(0, size));
          return true;
        },
      },
    });
    connection.socket.on('error', (error) => (connection.failure ??= error));
    connection.socket.on('close', () => this.lost(connection));
    this.open++;
    this.opened++;
    this.all.add(connection);
    return connection;
  }

  private start(connection: Connection, bytes: Buffer, onReply: OnReply) {
    connection.onReply = onReply;
    if (this.timeoutMs !== undefined) {
      // one timer per socket, re-armed for each request: no timer made and dropped per request
      if (connection.timer) connection.timer.refresh();
      else connection.timer = setTimeout(() => this.timedOut(connection), this.timeoutMs).unref();
    }
    connection.socket.write(bytes);
  }

  private timedOut(connection: Connection) {
    if (!connection.onReply) return; // the socket was idle when its timer ran out
    connection.failure = new HttpTimeoutError(this.timeoutMs!);
    connection.socket.destroy();
  }

  private read(connection: Connection, data: Buffer) {
    if (!connection.onReply) return this.fail(connection, new Error('bytes with no request'));
    let end: number;
    try {
      end = connection.parser.feed(data);
    } catch (error) {
      return this.fail(connection, error as Error);
    }
    if (end === -1) return;
    // one request in flight: anything after its reply is not an answer to anything
    if (end < data.length) return this.fail(connection, new Error('bytes after the reply'));
    const { onReply, parser } = connection;
    const { status, text, keepAlive } = parser;
    connection.onReply = null;
    parser.reset();
    if (keepAlive && !this.closed) this.release(connection);
    else connection.socket.destroy();
    onReply(null, status, text);
  }

  private fail(connection: Connection, error: Error) {
    connection.failure ??= error;
    connection.socket.destroy();
  }

  /** A free socket takes the longest-waiting request, or waits for the next one. */
  private release(connection: Connection) {
    const next = this.waiting.shift();
    if (next) this.start(connection, next.bytes, next.onReply);
    else this.idle.push(connection);
  }

  /** The socket closed: its request (if any) ends, and a waiting request may open a new one. */
  private lost(connection: Connection) {
    this.open--;
    this.all.delete(connection);
    if (connection.timer) clearTimeout(connection.timer);
    const at = this.idle.indexOf(connection);
    if (at !== -1) this.idle.splice(at, 1);
    const { onReply, parser } = connection;
    connection.onReply = null;
    if (onReply) {
      // a reply framed by the end of the connection is complete now, unless it timed out first
      if (!connection.failure && parser.closed()) onReply(null, parser.status, parser.text);
      else
        onReply(connection.failure ?? new Error('the server closed before its reply ended'), 0, '');
    }
    const next = this.closed ? undefined : this.waiting.shift();
    if (next) this.start(this.connect(), next.bytes, next.onReply);
  }
}
