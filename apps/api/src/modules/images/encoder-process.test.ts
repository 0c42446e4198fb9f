import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { childProcessEncoder } from './encoder-process';
import type { StoredImage } from './repo';

const picture = async (): Promise<StoredImage> => ({
  id: '00000000-0000-0000-0000-000000000001',
  contentType: 'image/jpeg',
  width: 800,
  height: 450,
  contentHash: 'v1',
  bytes: await sharp({ create: { width: 800, height: 450, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer(),
});

const gone = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** The warming job's child process (decision 0078): it encodes, fails alone, and leaves. */
describe('childProcessEncoder', () => {
  it('encodes in a child process and lets it go on release', async () => {
    const children: ChildProcess[] = [];
    const encoder = childProcessEncoder({ onFork: (child) => children.push(child) });
    const output = await encoder.encode(await picture(), { width: 400, format: 'webp' });
    expect(output.contentType).toBe('image/webp');
    expect([output.width, output.height]).toEqual([400, 225]);
    expect(Buffer.isBuffer(output.bytes)).toBe(true);
    expect((await sharp(output.bytes).metadata()).format).toBe('webp');
    // a second encode reuses the child
    await encoder.encode(await picture(), { width: 200, format: 'avif' });
    expect(children).toHaveLength(1);
    expect(process.pid).not.toBe(children[0]!.pid);
    await encoder.release();
    expect(gone(children[0]!)).toBe(true);
  });

  it('fails the encodes of a child that dies, and forks another for the next', async () => {
    const children: ChildProcess[] = [];
    const encoder = childProcessEncoder({ onFork: (child) => children.push(child) });
    const source = await picture();
    const lost = encoder.encode(source, { width: 300, format: 'webp' });
    children[0]!.kill('SIGKILL');
    await expect(lost).rejects.toThrow('the image encoder exited (SIGKILL)');
    const output = await encoder.encode(source, { width: 300, format: 'webp' });
    expect(output.width).toBe(300);
    expect(children).toHaveLength(2);
    await encoder.release();
    expect(children.every(gone)).toBe(true);
  });

  it('answers a picture it cannot read and an entry that cannot start with an error', async () => {
    const encoder = childProcessEncoder();
    const broken = { ...(await picture()), bytes: Buffer.from('not a picture') };
    await expect(encoder.encode(broken, { width: 300, format: 'webp' })).rejects.toThrow(
      /unsupported image format|Input buffer/i,
    );
    await encoder.release();
    const missing = childProcessEncoder({
      entry: new URL('./no-such-encoder.mjs', import.meta.url),
    });
    await expect(missing.encode(await picture(), { width: 300 })).rejects.toThrow(
      'the image encoder exited (code 1)',
    );
    await missing.release();
  });
});
