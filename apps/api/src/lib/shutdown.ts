/**
 * Graceful shutdown of the server process (docs/operations.md): on the first SIGTERM or SIGINT, `close`
 * runs (the HTTP server stops accepting, in-flight requests and running jobs finish, sockets and the
 * database close) and the process exits 0. A second signal, or `timeoutMs` without close finishing, exits
 * 1 at once: an orchestrator's own kill timeout (Kubernetes: 30 s) should not be what ends us.
 */
export interface ShutdownOptions {
  close: () => Promise<void>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  timeoutMs?: number;
  /** The process to listen on and exit; a fake one in tests. */
  processLike?: Pick<NodeJS.Process, 'once' | 'exit'>;
  signals?: NodeJS.Signals[];
}

export const SHUTDOWN_TIMEOUT_MS = 25_000;

export function handleShutdownSignals(opts: ShutdownOptions): { shutdown(signal: string): Promise<void> } {
  const proc = opts.processLike ?? process;
  const timeoutMs = opts.timeoutMs ?? SHUTDOWN_TIMEOUT_MS;
  let closing = false;

  async function shutdown(signal: string) {
    if (closing) {
      opts.log.error({ signal }, 'second signal: exiting without waiting');
      proc.exit(1);
      return;
    }
    closing = true;
    opts.log.info({ signal, timeoutMs }, 'shutting down: finishing requests and jobs');
    const timer = setTimeout(() => {
      opts.log.error({ timeoutMs }, 'shutdown timed out: exiting with work unfinished');
      proc.exit(1);
    }, timeoutMs);
    try {
      await opts.close();
      clearTimeout(timer);
      opts.log.info({}, 'shut down');
      proc.exit(0);
    } catch (err) {
      clearTimeout(timer);
      opts.log.error({ err }, 'shutdown failed');
      proc.exit(1);
    }
  }

  const listen = (signal: NodeJS.Signals) => {
    proc.once(signal, () => {
      // The next one forces the exit.
      listen(signal);
      void shutdown(signal);
    });
  };
  for (const signal of opts.signals ?? ['SIGTERM', 'SIGINT']) listen(signal);
  return { shutdown };
}

/**
 * Closes the app as a shutdown should: Fastify stops accepting and answers 503 to new requests on open
 * connections; a keep-alive connection becomes idle only once its last response is sent, after close()
 * began, so idle ones are closed as they appear instead of holding the close for the keep-alive timeout
 * (72 s in Fastify). Then the database closes, after the onClose hooks have stopped the job queue.
 */
export async function closeServer(
  app: { close(): Promise<void>; server: { closeIdleConnections(): void } },
  database: { close(): Promise<void> },
): Promise<void> {
  const closing = app.close();
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await closing;
  } finally {
    clearInterval(idle);
  }
  await database.close();
}
