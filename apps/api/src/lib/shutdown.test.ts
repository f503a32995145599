import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleShutdownSignals } from './shutdown.ts';

/** A process stand-in: signals are emitted by the test, exits are recorded. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  return {
    exits,
    emit: (signal: string) => emitter.emit(signal),
    proc: {
      once: (event: string, listener: () => void) => emitter.once(event, listener),
      exit: (code?: number) => {
        exits.push(code ?? 0);
      },
    } as unknown as Pick<NodeJS.Process, 'once' | 'exit'>,
  };
}

const silent = { info: () => {}, error: () => {} };
const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('graceful shutdown on SIGTERM and SIGINT', () => {
  it('closes once and exits 0 only after close has finished', async () => {
    const { proc, emit, exits } = fakeProcess();
    let finish = () => {};
    const close = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    handleShutdownSignals({ close, log: silent, processLike: proc });

    emit('SIGTERM');
    await tick();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]);
    finish();
    await tick();
    expect(exits).toEqual([0]);
  });

  it('exits 1 at once on a second signal while closing', async () => {
    const { proc, emit, exits } = fakeProcess();
    const close = vi.fn(() => new Promise<void>(() => {}));
    handleShutdownSignals({ close, log: silent, processLike: proc });
    emit('SIGINT');
    await tick();
    expect(exits).toEqual([]);
    emit('SIGINT');
    await tick();
    expect(exits).toEqual([1]);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('exits 1 when close has not finished within the timeout', async () => {
    vi.useFakeTimers();
    const { proc, emit, exits } = fakeProcess();
    handleShutdownSignals({
      close: () => new Promise<void>(() => {}),
      log: silent,
      processLike: proc,
      timeoutMs: 25_000,
    });
    emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(24_999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
  });

  it('exits 1 when close fails', async () => {
    const { proc, emit, exits } = fakeProcess();
    const errors: object[] = [];
    handleShutdownSignals({
      close: async () => {
        throw new Error('database gone');
      },
      log: { info: () => {}, error: (obj) => errors.push(obj) },
      processLike: proc,
    });
    emit('SIGTERM');
    await tick();
    expect(exits).toEqual([1]);
    expect(errors).toHaveLength(1);
  });
});
