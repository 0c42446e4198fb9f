import { createServer, type Socket } from 'node:net';

/**
 * An SMTP server for the process tests, just enough for nodemailer (no TLS, no auth). It holds
 * its answer to the first message until `release()`: the server under test then has a mail in
 * hand, for as long as the test needs (graceful-stop.test.ts).
 */
export interface FakeSmtp {
  url: string;
  /** resolves when the first message's body has arrived (its answer held) */
  firstHeld: Promise<void>;
  /** lets the held answer go (and every later one at once) */
  release(): void;
  /** how many messages were accepted */
  delivered(): number;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  let delivered = 0;
  let released = false;
  let onRelease: (() => void)[] = [];
  let firstArrived = () => {};
  const firstHeld = new Promise<void>((resolve) => (firstArrived = resolve));
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const reply = (line: string) => void socket.write(`${line}\r\n`);
    let inData = false;
    let buffer = '';
    reply('220 fake-smtp ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          const accept = () => {
            delivered++;
            reply('250 accepted');
          };
          if (released) accept();
          else {
            onRelease.push(accept);
            firstArrived();
          }
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const command = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) reply('250 fake-smtp');
        else if (command === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    firstHeld,
    release() {
      released = true;
      const waiting = onRelease;
      onRelease = [];
      for (const accept of waiting) accept();
    },
    delivered: () => delivered,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
