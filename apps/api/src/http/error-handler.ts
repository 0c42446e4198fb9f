import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorItem } from '@admit/contracts/envelope';
import { AppError } from './app-error';

function send(reply: FastifyReply, status: number, item: ErrorItem) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ _data: [item] });
}

/**
 * Renders every failure as the `_data` error envelope. Client errors say what was wrong
 * (naming the field); server errors are logged in full and answered without details.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'application error');
      return send(reply, error.status, {
        _code: error.code,
        _context: error.context,
        _description: error.message,
        _extra: error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = error.validationContext ?? 'request';
      const path = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || where;
      const zodIssue = issue?.params?.issue as { path?: PropertyKey[] } | undefined;
      const field = zodIssue?.path?.map(String).join('.') || path;
      return send(reply, 400, {
        _code: 'validation_failed',
        _context: where,
        _description: `${field}: ${issue?.message ?? 'invalid value'}`,
        _extra: { field, issues: error.validation.map((v) => v.params.issue) },
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'validation_failed';
      return send(reply, status, {
        _code: code,
        _context: 'request',
        _description: error.message,
        _extra: null,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      _code: 'internal_error',
      _context: null,
      _description: 'Sorry! Something unexpected happened. Please try again.',
      _extra: null,
    });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      _code: 'not_found',
      _context: 'route',
      _description: `No route for ${request.method} ${request.url.split('?')[0]}`,
      _extra: null,
    }),
  );
}
