import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { frameworkErrorItem } from './error-handler';

/** Node's parser errors (before Fastify sees a request): status and the text we answer. */
function statusOf(code: string | undefined): { status: number; description: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, description: 'The request headers or URL are too large (16 KB)' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, description: 'The request took too long to arrive' };
  return { status: 400, description: 'The request could not be parsed' };
}

/**
 * Fastify's `clientErrorHandler`: the request never reached the router (headers or URL over
 * Node's 16 KB, a malformed request line, a timeout), so the answer is written to the socket
 * by hand — still in the `_data` envelope (decision 0028), and without a body for HEAD.
 */
export function clientErrorHandler(
  err: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  // a reset connection has nobody to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, description } = statusOf(err.code);
  const isHead =
    Buffer.isBuffer(err.rawPacket) && err.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  const body = JSON.stringify({ _data: [frameworkErrorItem(status, description)] });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
  ].join('\r\n');
  if (socket.writable) socket.write(`${head}\r\n\r\n${isHead ? '' : body}`);
  socket.destroy(err);
}
