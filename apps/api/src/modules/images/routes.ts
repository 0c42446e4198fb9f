import type { FastifyInstance } from 'fastify';
import { IMAGE_FORMATS, type ImageFormat } from '@admit/contracts/images';
import { AppError, validationFailed } from '@/http/app-error';
import { enforceRequestLimits } from '@/modules/limits/request-limits';
import { findSellerImage } from './repo';
import type { ImageSize } from './resize';
import { ImageVariants } from './service';

export const MAX_IMAGE_DIMENSION = 4000;
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function parseDimension(
  query: Record<string, unknown>,
  field: 'width' | 'height',
): number | undefined {
  const raw = query[field];
  if (raw === undefined || raw === '') return undefined;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > MAX_IMAGE_DIMENSION) {
    throw validationFailed('image', field, `must be an integer from 1 to ${MAX_IMAGE_DIMENSION}`);
  }
  return value;
}

function parseFormat(query: Record<string, unknown>): ImageFormat | undefined {
  const raw = query.format;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'string' && (IMAGE_FORMATS as readonly string[]).includes(raw)) {
    return raw as ImageFormat;
  }
  throw validationFailed('image', 'format', `must be one of ${IMAGE_FORMATS.join(', ')}`);
}

/** `Cache-Control: only-if-cached` (RFC 9111 §5.2.1.7): a stored answer or none, never an encode. */
const onlyIfCached = (header: string | undefined) =>
  header?.split(',').some((d) => d.trim().toLowerCase() === 'only-if-cached') ?? false;

/**
 * GET /api/image/:seller/:name?width=&height=&format= — seller images resized on request
 * (shrink only) and, when asked, converted to AVIF or WebP, each variant encoded once and kept
 * (decision 0033). Names change when images change, so responses are cached for a year
 * (docs/decisions/0002); the ETag lets a client that revalidates anyway get a 304. With
 * `Cache-Control: only-if-cached` a variant not yet kept answers 504 instead of being encoded.
 */
export async function registerImageRoutes(app: FastifyInstance) {
  const variants = new ImageVariants(app.deps.database.db);
  const encodeLimit = app.deps.config.IMAGE_ENCODE_LIMIT;
  /**
   * An encode costs up to a second of a core: each client address may start IMAGE_ENCODE_LIMIT
   * a minute (decision 0046); what is kept is served without counting.
   */
  const countEncode = (ip: string) => () =>
    enforceRequestLimits(
      app.deps.database.db,
      'image',
      [{ key: `image_encode:address:${ip}`, max: encodeLimit, windowMs: 60_000 }],
      app.deps.now(),
      'Too many new image sizes. Please try again in a minute.',
    );
  app.get<{ Params: { seller: string; name: string }; Querystring: Record<string, unknown> }>(
    '/api/image/:seller/:name',
    async (request, reply) => {
      const size: ImageSize = {
        width: parseDimension(request.query, 'width'),
        height: parseDimension(request.query, 'height'),
        format: parseFormat(request.query),
      };
      const { seller, name } = request.params;
      const record = await findSellerImage(app.deps.database.db, seller, name);
      if (!record) throw new AppError('not_found', 'image', `Image ${name} not found`);
      const output = onlyIfCached(request.headers['cache-control'])
        ? await variants.answerIfStored(record, size)
        : await variants.answer(
            record,
            size,
            encodeLimit > 0 ? countEncode(request.ip) : undefined,
          );
      if (!output) {
        throw new AppError('not_found', 'image', 'This size is not stored yet', null, 504);
      }
      reply
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('etag', output.etag)
        .header('content-type', output.contentType);
      if (request.headers['if-none-match'] === output.etag) return reply.status(304).send();
      return reply.send(output.bytes);
    },
  );
}
