import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { errorHandling } from './error-handler';
import { startGate } from './start-gate';
import { getOn, keptAliveAgent, untilRefused } from '@/testing/kept-alive';

interface LogLine {
  level: number;
  msg: string;
  err?: unknown;
}

/** pino's numeric levels */
const INFO = 30;
const ERROR = 50;

/** The error handling and a held start gate on a bare app, its log (info and up) captured. */
async function gatedApp(lines: LogLine[]) {
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  // as app.ts: the error handling answers the 503 while closing, not Fastify
  const app = Fastify({ logger: { level: 'info', stream }, return503OnClosing: false });
  await app.register(errorHandling);
  await app.register(startGate, { held: true });
  app.get('/refused', async () => 'never');
  app.get('/open', { config: { servesWhileStarting: true } }, async () => {
    throw new AppError('internal_error', null, 'a real fault');
  });
  app.get('/unavailable', { config: { servesWhileStarting: true } }, async () => {
    throw new AppError('service_unavailable', 'database', 'The database cannot be reached');
  });
  await app.ready();
  return app;
}

const byMessage = (lines: LogLine[], msg: string) => lines.filter((line) => line.msg === msg);

describe("the start gate's and the shutdown's 503s are logged as refusals, not errors", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('logs "The server is starting" at info, with no error line', async () => {
    const lines: LogLine[] = [];
    const app = await gatedApp(lines);
    close = () => app.close();
    const res = await app.inject('/refused');
    expect(res.statusCode).toBe(503);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    const refused = byMessage(lines, 'request refused for now');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ level: INFO, reason: 'The server is starting' });
  });

  it('keeps a genuine 5xx, a 503 included, at error level with its stack', async () => {
    const lines: LogLine[] = [];
    const app = await gatedApp(lines);
    close = () => app.close();
    expect((await app.inject('/open')).statusCode).toBe(500);
    expect((await app.inject('/unavailable')).statusCode).toBe(503);
    const errors = byMessage(lines, 'application error');
    expect(errors.map((line) => line.level)).toEqual([ERROR, ERROR]);
    expect(errors.every((line) => line.err !== undefined)).toBe(true);
    expect(byMessage(lines, 'request refused for now')).toEqual([]);
  });

  it('logs the 503 of a request arriving while the app closes at info', async () => {
    const lines: LogLine[] = [];
    const app = await gatedApp(lines);
    await app.startGate.open();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    // a kept-alive connection stays open while the app closes (http/connection-drain.ts)
    const agent = keptAliveAgent();
    await getOn(agent, Number(port), '/refused');
    const closed = app.close();
    await untilRefused(Number(port));
    const res = await getOn(agent, Number(port), '/refused');
    await closed;
    agent.destroy();
    expect(res.status).toBe(503);
    expect((JSON.parse(res.body) as { _data: { _description: string }[] })._data[0]).toMatchObject({
      _description: 'The server is shutting down',
    });
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(byMessage(lines, 'request refused for now')[0]).toMatchObject({ level: INFO });
  });
});
