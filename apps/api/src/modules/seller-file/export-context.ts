import { asc, eq } from 'drizzle-orm';
import { IMAGE_PATH_PREFIX } from '@admit/contracts/images';
import { catalogKey, meta } from '@/db/schema/catalog';
import type { seller } from '@/db/schema/identity';
import type { Executor } from '@/db/transaction';

/**
 * What every part of a seller's export reads through (decision 0041): its catalog keys, which
 * turn ids into the file's key paths, its meta, and its image addresses as `images/<name>`.
 */
export interface ExportContext {
  db: Executor;
  seller: typeof seller.$inferSelect;
  /** ids of this seller's rows of `kind` that have a key (made by a file) */
  idsOf: (kind: string) => string[];
  /** the key path of the row `kind`/`id` */
  path: (kind: string, id: string | null) => string | undefined;
  /** the key path of a `resource`/`resourceId` pair (codes and checkout rules apply to one) */
  pathOfResource: (resource: string | null, id: string | null) => string | undefined;
  /** rows with their key paths, in key order: the file's order for rows without a rank */
  byKey: <T extends { id: string }>(kind: string, list: T[]) => { item: T; key: string }[];
  /** the meta of a resource as the file's `meta` map */
  metaOf: (resource: string, id: string) => Record<string, unknown>;
  /** an image address as its file path, noting the picture in `images` */
  fileImage: (address: unknown) => string;
  /** the pictures the file names: path in the file → image name */
  images: Map<string, string>;
}

/** Reads the keys and meta of `sellerRow` into the export's context. */
export async function readExportContext(
  db: Executor,
  sellerRow: typeof seller.$inferSelect,
): Promise<ExportContext> {
  const sellerId = sellerRow.id;
  const keyRows = await db.select().from(catalogKey).where(eq(catalogKey.sellerId, sellerId));
  const keyOf = new Map(keyRows.map((k) => [`${k.kind}:${k.resourceId}`, k.key]));
  const path = (kind: string, id: string | null) =>
    id === null ? undefined : keyOf.get(`${kind}:${id}`);
  const images = new Map<string, string>();
  const imagePrefix = `${IMAGE_PATH_PREFIX}/${encodeURIComponent(sellerRow.slug)}/`;
  const metas = await db
    .select()
    .from(meta)
    .where(eq(meta.sellerId, sellerId))
    .orderBy(asc(meta.key));
  return {
    db,
    seller: sellerRow,
    idsOf: (kind) => keyRows.filter((k) => k.kind === kind).map((k) => k.resourceId),
    path,
    pathOfResource: (resource, id) => (resource === null ? undefined : path(resource, id)),
    byKey: (kind, list) =>
      list
        .map((item) => ({ item, key: keyOf.get(`${kind}:${item.id}`)! }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    metaOf: (resource, id) =>
      Object.fromEntries(
        metas
          .filter((m) => m.resource === resource && m.resourceId === id)
          .map((m) => [m.key, m.value]),
      ),
    fileImage: (address) => {
      if (typeof address !== 'string' || !address.startsWith(imagePrefix)) return address as string;
      const name = decodeURIComponent(address.slice(imagePrefix.length));
      images.set(`images/${name}`, name);
      return `images/${name}`;
    },
    images,
  };
}

/** Reads rows by id, without a query when there are none (`IN ()` is not SQL). */
export const inIds = async <T>(ids: string[], read: (ids: string[]) => Promise<T[]>) =>
  ids.length === 0 ? [] : read(ids);
