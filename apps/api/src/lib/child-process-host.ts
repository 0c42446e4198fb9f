import { fork, type ChildProcess } from 'node:child_process';

/** What the server sends a child: one input, answered by its id. */
export interface ChildRequest<In> {
  id: number;
  input: In;
}

/** The child's answer to the request `id`. */
export type ChildAnswer<Out> = { id: number; output: Out } | { id: number; error: string };

/** Work done in a child process forked on first use; its memory leaves with it. */
export interface ChildProcessHost<In, Out> {
  call(input: In): Promise<Out>;
  /** ends the child; the next call forks another */
  release(): Promise<void>;
}

export interface ChildProcessHostOptions {
  /** the child's entry (a `*-boot.mjs` beside the code: tsx in the source, compiled in dist/) */
  entry: URL;
  /** how errors name the child: `${name} exited (SIGKILL)` */
  name: string;
  /** ends the child once this long without a call in flight; without it, only `release()` does */
  idleMs?: number;
  /** for the tests */
  onFork?: (child: ChildProcess) => void;
}

/**
 * A child process for what would stay resident in the server once loaded (issue #26: libvips'
 * encodes, decision 0078; jsdom, decision 0102). The child is forked on the first call and lives
 * until `release()` or `idleMs` without work, so its memory leaves with it. A child that dies or
 * cannot start fails the calls it had, and the next call forks a new one: the server never fails
 * with it. It never keeps the server alive.
 */
export function childProcessHost<In, Out>(
  options: ChildProcessHostOptions,
): ChildProcessHost<In, Out> {
  let current: Child<In, Out> | undefined;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const release = async () => {
    clearTimeout(idleTimer);
    const leaving = current;
    current = undefined;
    await leaving?.end();
  };
  // one timer at a time: calls answered in the same tick each reach their `finally`, and a timer
  // left behind would end a child busy with a later call (its answer then fails with EPIPE)
  const endWhenIdle = (child: Child<In, Out>, idleMs: number) => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (current === child && child.pending() === 0) void release();
    }, idleMs);
    idleTimer.unref();
  };
  return {
    async call(input) {
      clearTimeout(idleTimer);
      if (!current) {
        const started: Child<In, Out> = startChild(options, () => {
          if (current === started) current = undefined;
        });
        current = started;
        options.onFork?.(started.child);
      }
      const child = current;
      try {
        return await child.call({ id: nextId++, input });
      } finally {
        if (options.idleMs !== undefined && child === current && child.pending() === 0) {
          endWhenIdle(child, options.idleMs);
        }
      }
    },
    release,
  };
}

interface Child<In, Out> {
  child: ChildProcess;
  call(request: ChildRequest<In>): Promise<Out>;
  pending(): number;
  end(): Promise<void>;
}

/** One child process and the calls it owes; `onEnd` once it is gone, whatever the cause. */
function startChild<In, Out>(options: ChildProcessHostOptions, onEnd: () => void): Child<In, Out> {
  const pending = new Map<number, { resolve: (o: Out) => void; reject: (e: Error) => void }>();
  // no `--import tsx` and no inspector flags of the server: the entry registers what it needs
  const child = fork(options.entry, [], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const fail = (id: number, error: Error) => {
    pending.get(id)?.reject(error);
    pending.delete(id);
  };
  // 'error' (it could not start, or a message could not be sent) and 'exit' (it died) both end
  // this child: its calls fail, and the next call forks another
  const end = (error: Error) => {
    onEnd();
    for (const id of [...pending.keys()]) fail(id, error);
  };
  child.on('error', end);
  child.on('exit', (code, signal) =>
    end(new Error(`${options.name} exited (${signal ?? `code ${code}`})`)),
  );
  child.on('message', (answer: ChildAnswer<Out>) => {
    const call = pending.get(answer.id);
    if (!call) return;
    pending.delete(answer.id);
    if ('error' in answer) call.reject(new Error(answer.error));
    else call.resolve(answer.output);
  });
  child.unref();
  child.channel?.unref();
  return {
    child,
    call(request) {
      return new Promise<Out>((resolve, reject) => {
        pending.set(request.id, { resolve, reject });
        child.send(request, (error) => {
          if (error) fail(request.id, error);
        });
      });
    },
    pending: () => pending.size,
    async end() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // closing the channel ends it (serveChildRequests); SIGKILL if it has not gone within 5 s
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The child's side: answers each request by its id with `handle`'s output or error message, and
 * ends when the server lets go of it (the IPC channel closes), also when the server itself dies.
 */
export function serveChildRequests<In, Out>(handle: (input: In) => Promise<Out>): void {
  const send = (answer: ChildAnswer<Out>) => process.send!(answer);
  process.on('message', (request: ChildRequest<In>) => {
    handle(request.input).then(
      (output) => send({ id: request.id, output }),
      (error: unknown) =>
        send({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
