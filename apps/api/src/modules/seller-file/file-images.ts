import { open, realpath } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { SELLER_FILE_PICTURE_MAX_BYTES } from '@admit/contracts/seller-file/limits';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { loadSharp } from '@/lib/sharp';
import { FileIssuesError, type LaterIssue } from './file-errors';

/**
 * Pictures named by a seller file (decision 0041): a relative path is a file in the seller
 * file's folder (or below it), stored through the image path (`image` table, served at
 * /api/image/{seller}/{name}) under its file name; an address (`https://…`, `/…`) is kept as it
 * is. Issue 22: a path that leaves the folder, by `..` or by a symbolic link, is refused, and
 * every other failure (missing, unreadable, too large, not an image) says the same thing, so an
 * import cannot publish nor probe a file outside the folder.
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

const MAX_MB = SELLER_FILE_PICTURE_MAX_BYTES / (1024 * 1024);

/** True for a path to a picture beside the file, false for an address to keep. */
export const isFilePath = (value: string) =>
  !/^[a-z][a-z0-9+.-]*:/i.test(value) && !value.startsWith('/');

/** The name a picture is stored under: its file name. */
export const imageNameOf = (path: string) => basename(path);

/** A picture path the file names, and where (theme logo and favicon, event covers and profiles). */
interface PictureRef {
  path: string;
  at: LaterIssue['path'];
}

function pictureRefsOf(file: SellerFile): PictureRef[] {
  const theme = file.seller.settings?.theme;
  const refs: { path: string | null | undefined; at: LaterIssue['path'] }[] = [
    { path: theme?.logo_url, at: ['seller', 'settings', 'theme', 'logo_url'] },
    { path: theme?.favicon_url, at: ['seller', 'settings', 'theme', 'favicon_url'] },
    ...(file.events ?? []).flatMap((e, i) => [
      { path: e.cover?.image, at: ['events', i, 'cover', 'image'] },
      { path: e.profile?.image, at: ['events', i, 'profile', 'image'] },
    ]),
  ];
  return refs.filter((r): r is PictureRef => typeof r.path === 'string' && isFilePath(r.path));
}

/** Whether `path` is `folder` itself or below it (both absolute and resolved). */
const isWithin = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};

/**
 * The picture's bytes and its kind, or null for any failure: the caller says one thing for all
 * of them. The link-resolved path must still be inside the link-resolved folder.
 */
async function readPicture(folder: string, path: string) {
  try {
    const real = await realpath(resolve(folder, path));
    if (!isWithin(folder, real)) return null;
    const handle = await open(real, 'r');
    try {
      const stat = await handle.stat();
      if (!stat.isFile() || stat.size > SELLER_FILE_PICTURE_MAX_BYTES) return null;
      const bytes = await handle.readFile();
      const meta = await (await loadSharp())(bytes).metadata();
      const contentType = CONTENT_TYPES[meta.format ?? ''];
      if (!contentType || !meta.width || !meta.height) return null;
      return { bytes, contentType, width: meta.width, height: meta.height };
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

/**
 * Reads the file's pictures (outside any transaction: sharp and the disk are slow); throws a
 * FileIssuesError naming each bad picture's place in the file.
 */
export async function loadFileImages(
  file: SellerFile,
  baseDir: string,
): Promise<Map<string, FileImage>> {
  const refs = pictureRefsOf(file);
  const issues: LaterIssue[] = [];
  const byName = new Map<string, string>();
  const unique = new Map<string, PictureRef>();
  for (const ref of refs) {
    const other = byName.get(imageNameOf(ref.path));
    if (other !== undefined && other !== ref.path) {
      issues.push({
        path: ref.at,
        message: `two pictures are named ${imageNameOf(ref.path)}: ${other} and ${ref.path}`,
      });
    }
    byName.set(imageNameOf(ref.path), ref.path);
    if (!unique.has(ref.path)) unique.set(ref.path, ref);
  }
  const folder = await realpath(resolve(baseDir));
  const loaded = await Promise.all(
    [...unique.values()].map(async (ref): Promise<[string, FileImage] | LaterIssue> => {
      // `..` is refused from the text alone, before the disk is asked anything
      if (!isWithin(resolve(baseDir), resolve(baseDir, ref.path))) {
        return {
          path: ref.at,
          message: `picture ${ref.path} is outside the file's folder: put it in that folder or below`,
        };
      }
      const picture = await readPicture(folder, ref.path);
      if (!picture) {
        return {
          path: ref.at,
          message: `picture ${ref.path} is not a readable JPEG, PNG, WebP, AVIF or GIF image of at most ${MAX_MB} MB in the file's folder`,
        };
      }
      return [ref.path, { name: imageNameOf(ref.path), ...picture }];
    }),
  );
  const images = loaded.filter((l): l is [string, FileImage] => Array.isArray(l));
  issues.push(...loaded.filter((l): l is LaterIssue => !Array.isArray(l)));
  if (issues.length > 0) throw new FileIssuesError(issues);
  return new Map(images);
}
