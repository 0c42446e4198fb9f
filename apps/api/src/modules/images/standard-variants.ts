import { sql } from 'drizzle-orm';
import {
  EVENT_COVER,
  IMAGE_FORMATS,
  IMAGE_PATH_PREFIX,
  TEASER_DENSITIES,
  type ImageFormat,
} from '@admit/contracts/images';
import type { Db } from '@/db/connection';
import { DEFAULT_TEASER_IMAGE_SIZE } from '@/modules/sellers/default-theme';
import type { ImageSize } from './resize';

/** A standard variant no row holds yet: which image, which version of its bytes, which size. */
export interface MissingVariant {
  imageId: string;
  contentHash: string;
  role: 'cover' | 'teaser';
  size: ImageSize;
}

/**
 * The sizes the storefront asks for, from the contracts both apps draw with: every event cover
 * at `EVENT_COVER`'s widths (no height), every listing teaser at `TEASER_DENSITIES` times its
 * seller's teaser size, each in every `IMAGE_FORMATS` format.
 */
const candidates = sql.join(
  [
    ...EVENT_COVER.widths.flatMap((width) =>
      IMAGE_FORMATS.map((format) => sql`('cover', ${width}::int, 0, ${format}::text)`),
    ),
    ...TEASER_DENSITIES.flatMap((density) =>
      IMAGE_FORMATS.map((format) => sql`('teaser', 0, ${density}::int, ${format}::text)`),
    ),
  ],
  sql`, `,
);

/**
 * `name` percent-encoded as `encodeURIComponent` does (its safe characters kept, every other
 * character's UTF-8 bytes as upper-case %XX): the form an image path carries a name in.
 */
const uriEncoded = (name: ReturnType<typeof sql>) => sql`(
  SELECT string_agg(CASE WHEN ch ~ '^[A-Za-z0-9_.!~*''()-]$' THEN ch
    ELSE upper(regexp_replace(encode(convert_to(ch, 'UTF8'), 'hex'), '(..)', '%\\1', 'g')) END,
    '' ORDER BY n)
  FROM regexp_split_to_table(${name}, '') WITH ORDINALITY AS t(ch, n))`;

/**
 * Up to `limit` standard variants of the pictures the storefront draws that no row holds for
 * the picture's current bytes, covers first (the event page's LCP); `skip` names versions
 * (`{imageId}:{contentHash}`) the caller gave up on. One statement, each step on an index
 * (meta by seller and key, image by seller and name, variants by their key), so a server with
 * nothing left to warm pays one cheap query per pass.
 *
 * The pictures are read as the storefront reads them: the cover is an event's `image_cover`,
 * the teaser its `image_profile`, else its cover (shopping §2; the listing's `toEventCards`),
 * each a non-blank string; only addresses of the image path (`/api/image/{seller}/{name}`)
 * are ours to warm.
 */
// a row of the query below, as PostgreSQL names its columns (a type alias: execute's row
// parameter is a Record, which an interface is not)
type LocatedVariant = {
  role: 'cover' | 'teaser';
  image_id: string;
  content_hash: string;
  width: number;
  height: number;
  format: ImageFormat;
};

export async function findMissingStandardVariants(
  db: Db,
  options: { limit: number; skip?: readonly string[] },
): Promise<MissingVariant[]> {
  const prefix = `${IMAGE_PATH_PREFIX}/`;
  const result = await db.execute<LocatedVariant>(sql`
    WITH candidate (role, width, density, format) AS (VALUES ${candidates}),
    ref AS (
      SELECT m.seller_id, m.resource_id, m.key, m.value #>> '{}' AS path
      FROM seller s
      JOIN meta m ON m.seller_id = s.id AND m.key IN ('image_cover', 'image_profile')
      WHERE m.resource = 'event_template' AND jsonb_typeof(m.value) = 'string'
        AND btrim(m.value #>> '{}') <> ''
    ),
    drawn AS (
      SELECT seller_id, path, 'cover' AS role FROM ref WHERE key = 'image_cover'
      UNION
      -- 'image_profile' sorts after 'image_cover': descending, the profile comes first
      (SELECT DISTINCT ON (resource_id) seller_id, path, 'teaser' FROM ref
        ORDER BY resource_id, key DESC)
    ),
    wanted AS (
      SELECT substr(d.path, ${prefix.length + 1}) AS tail, d.role, c.format,
        CASE WHEN d.role = 'cover' THEN c.width
          ELSE c.density * coalesce((s.config #>> '{theme,teaser_image_size,width}')::int,
            ${DEFAULT_TEASER_IMAGE_SIZE.width}::int) END AS width,
        CASE WHEN d.role = 'cover' THEN 0
          ELSE c.density * coalesce((s.config #>> '{theme,teaser_image_size,height}')::int,
            ${DEFAULT_TEASER_IMAGE_SIZE.height}::int) END AS height
      FROM drawn d
      JOIN seller s ON s.id = d.seller_id
      JOIN candidate c ON c.role = d.role
      WHERE starts_with(d.path, ${prefix}::text)
    ),
    -- materialized: the anti-join below then looks each row up by the whole unique key (planned
    -- inline, it matched variants by format alone and filtered thousands of rows)
    located AS MATERIALIZED (
      SELECT w.role, w.width, w.height, w.format, img.id AS image_id, img.content_hash
      FROM wanted w
      JOIN seller owner ON owner.slug = split_part(w.tail, '/', 1)
      JOIN LATERAL (
        -- a name with nothing to escape is in the path as it is: the (seller, name) index
        SELECT i.id, i.content_hash FROM image i
        WHERE position('%' IN w.tail) = 0 AND i.seller_id = owner.id
          AND i.name = split_part(w.tail, '/', 2)
        UNION ALL
        SELECT i.id, i.content_hash FROM image i
        WHERE position('%' IN w.tail) > 0 AND i.seller_id = owner.id
          AND ${uriEncoded(sql`i.name`)} = split_part(w.tail, '/', 2)
      ) img ON true
      WHERE w.tail ~ '^[^/]+/[^/?#]+$'
    )
    SELECT DISTINCT l.role, l.image_id, l.content_hash, l.width, l.height, l.format
    FROM located l
    WHERE NOT EXISTS (
        SELECT 1 FROM image_variant v
        WHERE v.image_id = l.image_id AND v.source_hash = l.content_hash
          AND v.requested_width = l.width AND v.requested_height = l.height
          AND v.requested_format = l.format)
      AND l.image_id::text || ':' || l.content_hash NOT IN (
        SELECT jsonb_array_elements_text(${JSON.stringify(options.skip ?? [])}::jsonb))
    ORDER BY l.role, l.image_id, l.width, l.format
    LIMIT ${options.limit}::int`);
  return result.rows.map((row) => ({
    imageId: row.image_id,
    contentHash: row.content_hash,
    role: row.role,
    size: {
      width: Number(row.width),
      height: Number(row.height) || undefined,
      format: row.format,
    },
  }));
}
