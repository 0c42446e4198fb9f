import type { ImageSize } from './resize';
import { resizeImage } from './resize';
import type { EncodeAnswer, EncodeJob } from './encoder-process';

/**
 * The image encoder's child process (encoder-process.ts): sharp and libvips live here, not in
 * the server, and their memory leaves with the process. Each job is answered by its id; the
 * process ends when the server lets go of it (the IPC channel closes), also when the server
 * itself dies.
 */
const send = (answer: EncodeAnswer) => process.send!(answer);

process.on('message', (job: EncodeJob) => {
  const bytes = Buffer.from(
    job.source.bytes.buffer,
    job.source.bytes.byteOffset,
    job.source.bytes.byteLength,
  );
  resizeImage({ ...job.source, bytes }, job.size as ImageSize).then(
    (output) => send({ id: job.id, output }),
    (error: unknown) =>
      send({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
