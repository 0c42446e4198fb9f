import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_FORMATS, type ImageFormat } from '@admit/contracts/images';
import { AppError, validationFailed } from '@/http/app-error';
import { rawQuerySchema } from '@/http/read-route';
import type { ImageSize } from './resize';

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
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { images } = app;
  app.get(
    '/api/image/:seller/:name',
    {
      schema: {
        params: z.object({ seller: z.string(), name: z.string() }),
        // width, height and format are read below, each refusal naming its field
        querystring: rawQuerySchema,
        // the image's bytes (a Buffer is sent as is, never serialised); a 304 has no body
        response: { 200: z.instanceof(Buffer), 304: z.undefined() },
      },
    },
    async (request, reply) => {
      const size: ImageSize = {
        width: parseDimension(request.query, 'width'),
        height: parseDimension(request.query, 'height'),
        format: parseFormat(request.query),
      };
      const { seller, name } = request.params;
      const record = await images.find(seller, name);
      if (!record) throw new AppError('not_found', 'image', `Image ${name} not found`);
      const output = onlyIfCached(request.headers['cache-control'])
        ? await images.answerIfStored(record, size)
        : await images.answer(record, size, request.ip);
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
};
