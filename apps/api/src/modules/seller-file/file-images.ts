import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import sharp from 'sharp';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';

/**
 * Pictures named by a seller file (decision 0041): a relative path is a file beside the seller
 * file, stored through the image path (`image` table, served at /api/image/{seller}/{name})
 * under its file name; an address (`https://…`, `/…`) is kept as it is.
 */

/** One picture read from disk, ready for the `image` table. */
export interface FileImage {
  name: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  heif: 'image/avif',
  gif: 'image/gif',
};

/** True for a path to a picture beside the file, false for an address to keep. */
export const isFilePath = (value: string) =>
  !/^[a-z][a-z0-9+.-]*:/i.test(value) && !value.startsWith('/');

/** The name a picture is stored under: its file name. */
export const imageNameOf = (path: string) => basename(path);

/** Every picture path the file names (theme logo and favicon, event covers and profiles). */
export function imagePathsOf(file: SellerFile): string[] {
  const theme = file.seller.settings?.theme;
  const paths = [
    theme?.logo_url,
    theme?.favicon_url,
    ...(file.events ?? []).flatMap((e) => [e.cover?.image, e.profile?.image]),
  ];
  return [...new Set(paths.filter((p): p is string => typeof p === 'string' && isFilePath(p)))];
}

/** Reads the file's pictures (outside any transaction: sharp and the disk are slow). */
export async function loadFileImages(
  file: SellerFile,
  baseDir: string,
): Promise<Map<string, FileImage>> {
  const paths = imagePathsOf(file);
  const byName = new Map<string, string>();
  for (const path of paths) {
    const other = byName.get(imageNameOf(path));
    if (other !== undefined && other !== path) {
      throw new Error(`two pictures are named ${imageNameOf(path)}: ${other} and ${path}`);
    }
    byName.set(imageNameOf(path), path);
  }
  const loaded = await Promise.all(
    paths.map(async (path): Promise<[string, FileImage]> => {
      const bytes = await readFile(resolve(baseDir, path)).catch((error: NodeJS.ErrnoException) => {
        throw new Error(
          `picture ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`,
        );
      });
      const meta = await sharp(bytes).metadata();
      const contentType = CONTENT_TYPES[meta.format ?? ''];
      if (!contentType || !meta.width || !meta.height) {
        throw new Error(`picture ${path}: not a JPEG, PNG, WebP, AVIF or GIF image`);
      }
      return [
        path,
        { name: imageNameOf(path), contentType, bytes, width: meta.width, height: meta.height },
      ];
    }),
  );
  return new Map(loaded);
}
