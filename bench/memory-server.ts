import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The ceiling for the catalogue read benchmark: a bare fastify server, in its own process like
 * the real one, answering with bytes captured from the real route and held in memory.
 * Usage: node --import tsx memory-server.ts <body-file> <content-type> <port>
 */
const [bodyFile, contentType, port] = process.argv.slice(2);
if (!bodyFile || !contentType || !port) {
  console.error('usage: memory-server.ts <body-file> <content-type> <port>');
  process.exit(2);
}
const body = readFileSync(bodyFile);

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/memory', (_request, reply) => {
  void reply.header('content-type', contentType).send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
