import type { FastifyInstance } from 'fastify';
import { AppError, validationFailed } from '@/http/app-error';
import { findSellerImage, loadImageBytes } from './repo';
import { ResizeCache, resizeImage, type ImageSize } from './resize';

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

/**
 * GET /api/image/:seller/:name?width=&height= — seller images resized on request (shrink only).
 * Names change when images change, so responses are cached for a year (docs/decisions/0002).
 */
export async function registerImageRoutes(app: FastifyInstance, cache = new ResizeCache()) {
  app.get<{ Params: { seller: string; name: string }; Querystring: Record<string, unknown> }>(
    '/api/image/:seller/:name',
    async (request, reply) => {
      const size: ImageSize = {
        width: parseDimension(request.query, 'width'),
        height: parseDimension(request.query, 'height'),
      };
      const { seller, name } = request.params;
      const db = app.deps.database.db;
      const record = await findSellerImage(db, seller, name);
      if (!record) throw new AppError('not_found', 'image', `Image ${name} not found`);

      const key = `${record.id}:${record.createdAt.getTime()}:${size.width ?? ''}x${size.height ?? ''}`;
      let output = cache.get(key);
      if (!output) {
        output = await resizeImage(await loadImageBytes(db, record), size);
        cache.set(key, output);
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
