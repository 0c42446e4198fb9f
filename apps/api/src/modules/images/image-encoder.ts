import { serveChildRequests } from '@/lib/child-process-host';
import { asBuffer, type EncodedOutput, type EncodeInput } from './encoder-process';
import { resizeImage } from './resize';

/**
 * The image encoder's child process (encoder-process.ts): sharp and libvips live here, not in
 * the server, and their memory leaves with the process.
 */
serveChildRequests<EncodeInput, EncodedOutput>(({ source, size }) =>
  resizeImage({ ...source, bytes: asBuffer(source.bytes) }, size),
);
