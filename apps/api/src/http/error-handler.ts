import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorItem } from '@admit/contracts/envelope';
import type { ErrorCode } from '@admit/contracts/error-codes';
import { AppError, isTransientRefusal, transientRefusal } from './app-error';
import { drainConnections, KEPT_ALIVE_GRACE_MS } from './connection-drain';

/** The `_code` of a 4xx/5xx raised by Fastify or Node rather than by a route (decision 0028). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  404: 'not_found',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
  503: 'service_unavailable',
};

const INTERNAL: ErrorItem = {
  _code: 'internal_error',
  _context: null,
  _description: 'Sorry! Something unexpected happened. Please try again.',
  _extra: null,
};

/** The envelope of a framework-level error with this status (a client's fault unless 5xx). */
export function frameworkErrorItem(status: number, description: string): ErrorItem {
  return {
    _code: CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'validation_failed'),
    _context: 'request',
    // Fastify's messages may quote the URL: enough to recognise it, never the whole thing
    _description: description.length > 200 ? `${description.slice(0, 200)}…` : description,
    _extra: null,
  };
}

function send(reply: FastifyReply, status: number, item: ErrorItem) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ _data: [item] });
}

/** An answer that failed its route's response schema (fastify-type-provider-zod's serializer). */
const isServerZodError = (error: FastifyError) =>
  typeof error === 'object' &&
  error !== null &&
  error.code === 'FST_ERR_RESPONSE_SERIALIZATION' &&
  isResponseSerializationError(error);

/**
 * Renders every failure as the `_data` error envelope. Client errors say what was wrong
 * (naming the field); server errors are logged in full and answered without details.
 */
export function renderError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (isTransientRefusal(error)) {
      // starting or stopping: the supervisor's polls and a browser's retry meet it by design
      request.log.info({ code: error.code, reason: error.message }, 'request refused for now');
    } else if (error.status >= 500 && error.status !== 504) {
      // a 504 is an answer, not a fault: `only-if-cached` asked for a stored response (images)
      request.log.error({ err: error }, 'application error');
    }
    return send(reply, error.status, {
      _code: error.code,
      _context: error.context,
      _description: error.message,
      _extra: error.extra,
    });
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const issue = fastifyError.validation[0];
    const where = fastifyError.validationContext ?? 'request';
    const path = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || where;
    const zodIssue = issue?.params?.issue as { path?: PropertyKey[] } | undefined;
    const field = zodIssue?.path?.map(String).join('.') || path;
    return send(reply, 400, {
      _code: 'validation_failed',
      _context: where,
      _description: `${field}: ${issue?.message ?? 'invalid value'}`,
      _extra: { field, issues: fastifyError.validation.map((v) => v.params.issue) },
    });
  }
  // Only the route schemas (above) and AppErrors speak for the caller. A ZodError from anywhere
  // else is the server's own fault: its parse of its own data, a third party's payload that
  // changed (Loqate, Stripe), or an answer that fails its response schema (decision 0049)
  if (error instanceof ZodError || isServerZodError(fastifyError)) {
    request.log.error({ err: error }, "a zod parse of the server's own data failed");
    return send(reply, 500, INTERNAL);
  }
  const status = typeof fastifyError?.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    return send(reply, status, frameworkErrorItem(status, fastifyError.message));
  }
  if (status === 503) return send(reply, 503, frameworkErrorItem(503, 'Service unavailable'));
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, INTERNAL);
}

/** The error handler, the 404 of unknown routes, and the 503 while shutting down. */
export const errorHandling = fp(
  async (app) => {
    app.setErrorHandler(renderError);

    app.setNotFoundHandler((request, reply) =>
      send(reply, 404, {
        _code: 'not_found',
        _context: 'route',
        _description: `No route for ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`,
        _extra: null,
      }),
    );

    // replaces Fastify's `return503OnClosing` (a body outside the envelope): once closing starts,
    // new requests are refused while the ones in flight finish
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
      // the port closes first; the kept-alive connections end before any is cut (decision 0090)
      await drainConnections(app.server, KEPT_ALIVE_GRACE_MS);
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (closing) {
        reply.header('connection', 'close');
        throw transientRefusal('The server is shutting down');
      }
    });
    // an answer finished while closing ends its connection: a kept-alive one would otherwise
    // hold the stop until its keep-alive timeout (decision 0073)
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'error-handling' },
);
