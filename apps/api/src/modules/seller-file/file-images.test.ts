import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SellerFileError } from './file-errors';
import { readSellerFile } from './service';

// issue 22, finding 3: a seller file's pictures stay inside its folder (after `..` and symbolic
// links), and a picture that cannot be used says so at its line, the same whether it is missing
// or not an image, with no stack trace.

const shop = (cover: string) => `seller:
  slug: picture-shop
  name: Picture Shop
  currency: EUR
  timezone: Europe/Dublin
venues:
  - key: main
    name: The Shop
events:
  - key: tours
    name: Tours
    type: other
    cover:
      image: ${cover}
      alt: A tour
`;
const COVER_LINE = 14;
const UNREADABLE = (path: string) =>
  `picture ${path} is not a readable JPEG, PNG, WebP, AVIF or GIF image of at most 10 MB in the file's folder`;

describe('the pictures of a seller file', () => {
  let root = '';
  let dir = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'seller-pictures-'));
    dir = join(root, 'shop');
    await mkdir(join(root, 'secret'), { recursive: true });
    await mkdir(join(dir, 'images'), { recursive: true });
    const png = await sharp({
      create: { width: 4, height: 3, channels: 3, background: '#08f' },
    })
      .png()
      .toBuffer();
    await writeFile(join(root, 'secret', 'plan.png'), png);
    await writeFile(join(dir, 'images', 'cover.png'), png);
    await writeFile(join(dir, 'notes.png'), 'not a picture\n');
    await symlink(join(root, 'secret', 'plan.png'), join(dir, 'plan.png'));
    await symlink(join(root, 'secret'), join(dir, 'linked'));
  });

  async function issuesOf(cover: string) {
    await writeFile(join(dir, 'shop.yaml'), shop(cover));
    const error = await readSellerFile(join(dir, 'shop.yaml')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SellerFileError);
    expect((error as Error).message).not.toMatch(/\n\s+at /); // no stack trace
    return (error as SellerFileError).issues;
  }

  it('reads a picture in the folder or below it', async () => {
    await writeFile(join(dir, 'shop.yaml'), shop('images/cover.png'));
    const { images } = await readSellerFile(join(dir, 'shop.yaml'));
    expect(images.get('images/cover.png')).toMatchObject({ contentType: 'image/png', width: 4 });
  });

  it('refuses a path that leaves the folder by ..', async () => {
    expect(await issuesOf('../secret/plan.png')).toEqual([
      {
        path: 'events[0].cover.image',
        line: COVER_LINE,
        message:
          "picture ../secret/plan.png is outside the file's folder: put it in that folder or below",
      },
    ]);
    expect(await issuesOf('images/../../secret/plan.png')).toMatchObject([
      { line: COVER_LINE, message: expect.stringContaining("outside the file's folder") },
    ]);
  });

  it('refuses a symbolic link out of the folder, to a file or through a folder', async () => {
    expect(await issuesOf('plan.png')).toEqual([
      { path: 'events[0].cover.image', line: COVER_LINE, message: UNREADABLE('plan.png') },
    ]);
    expect(await issuesOf('linked/plan.png')).toEqual([
      { path: 'events[0].cover.image', line: COVER_LINE, message: UNREADABLE('linked/plan.png') },
    ]);
  });

  it('says the same of a file that is not an image and of one that does not exist', async () => {
    const notImage = await issuesOf('notes.png');
    expect(notImage).toEqual([
      { path: 'events[0].cover.image', line: COVER_LINE, message: UNREADABLE('notes.png') },
    ]);
    // the same words, only the path differs: no answer tells whether a file exists
    const missing = await issuesOf('nothing.png');
    expect(missing[0]!.message.replace('nothing.png', 'notes.png')).toBe(notImage[0]!.message);
    const folder = await issuesOf('images');
    expect(folder[0]!.message.replace('images', 'notes.png')).toBe(notImage[0]!.message);
  });
});
