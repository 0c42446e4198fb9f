// The floor of an API node (bench/node-floor.ts): a bare Fastify process, without the app's
// hooks, zod checks or database, that reads a hold's request body and answers every POST with
// the status, content type and bytes of a real hold's reply (REPLY_FILE, written by the bench).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const reply = JSON.parse(readFileSync(process.env.REPLY_FILE, 'utf8'));
const app = Fastify({ logger: false });
app.post('/*', async (request, res) => {
  // the body is parsed, as a node parses a hold's, and dropped
  if (typeof request.body !== 'object') throw new Error('a JSON body was expected');
  res.code(reply.status).header('content-type', reply.contentType);
  return reply.text;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
