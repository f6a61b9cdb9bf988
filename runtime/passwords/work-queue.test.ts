import { describe, expect, it } from 'vitest';
import { ServerBusyError } from '../infra/http-errors';
import { WorkQueue } from './work-queue';

const limits = { concurrency: 2, maxQueued: 3, retryAfterSeconds: 7, busyMessage: 'Busy now, try again.' };

/** A task that runs until released (no timers: the test decides when each one ends). */
function gate<T = string>() {
  let release!: (v: T) => void;
  let fail!: (e: unknown) => void;
  let started = false;
  const promise = new Promise<T>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return {
    task: () => ((started = true), promise),
    release,
    fail,
    get started() {
      return started;
    },
  };
}

/** Lets settled promises run their continuations. */
const settle = () => new Promise((r) => setImmediate(r));

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks at once; the others wait and start as slots free', async () => {
    const q = new WorkQueue(limits);
    const gates = [gate(), gate(), gate(), gate()] as const;
    const results = gates.map((g, i) => q.run(g.task).then((v) => `${i}:${v}`));
    expect(gates.map((g) => g.started)).toEqual([true, true, false, false]);
    expect(q.stats()).toEqual({ running: 2, queued: 2, peakRunning: 2, refused: 0 });
    gates[0].release('a');
    await settle();
    expect(gates.map((g) => g.started)).toEqual([true, true, true, false]);
    expect(q.stats()).toMatchObject({ running: 2, queued: 1 });
    gates[1].release('b');
    gates[2].release('c');
    await settle();
    gates[3].release('d');
    expect(await Promise.all(results)).toEqual(['0:a', '1:b', '2:c', '3:d']);
    expect(q.stats()).toEqual({ running: 0, queued: 0, peakRunning: 2, refused: 0 });
  });

  it('starts waiting tasks in the order they came', async () => {
    const q = new WorkQueue({ ...limits, concurrency: 1, maxQueued: 10 });
    const order: number[] = [];
    const first = gate();
    const done = [q.run(first.task)];
    for (let i = 1; i <= 5; i++) done.push(q.run(async () => (order.push(i), String(i))));
    expect(order).toEqual([]);
    first.release('0');
    await Promise.all(done);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a task with ServerBusyError (503, Retry-After, message) once the line is full, without running it', async () => {
    const q = new WorkQueue(limits);
    const gates = [gate(), gate(), gate(), gate(), gate()] as const;
    const accepted = gates.map((g) => q.run(g.task));
    let ran = false;
    const refused = await q
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServerBusyError);
    expect(refused).toMatchObject({ status: 503, retryAfterSeconds: 7, message: 'Busy now, try again.' });
    expect(ran).toBe(false);
    expect(q.stats()).toEqual({ running: 2, queued: 3, peakRunning: 2, refused: 1 });
    // once a slot frees, the line has room again
    gates[0].release('x');
    await settle();
    const later = q.run(async () => 'later');
    for (const g of gates) g.release('x');
    expect(await later).toBe('later');
    await Promise.all(accepted);
  });

  it('passes a task error to its caller and frees the slot for the next task', async () => {
    const q = new WorkQueue({ ...limits, concurrency: 1 });
    const failing = gate();
    const first = q.run(failing.task);
    const second = q.run(async () => 'next');
    const thrown = q.run(() => {
      throw new Error('synchronous');
    });
    failing.fail(new Error('scrypt failed'));
    await expect(first).rejects.toThrow('scrypt failed');
    expect(await second).toBe('next');
    await expect(thrown).rejects.toThrow('synchronous');
    expect(q.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('raising the limits starts waiting tasks at once; Infinity is no limit', async () => {
    const q = new WorkQueue({ ...limits, concurrency: 1 });
    const gates = [gate(), gate(), gate()];
    const all = gates.map((g) => q.run(g.task));
    expect(q.stats()).toMatchObject({ running: 1, queued: 2 });
    q.configure({ concurrency: Number.POSITIVE_INFINITY, maxQueued: Number.POSITIVE_INFINITY });
    expect(gates.every((g) => g.started)).toBe(true);
    expect(q.stats()).toMatchObject({ running: 3, queued: 0, peakRunning: 3 });
    for (const g of gates) g.release('x');
    await Promise.all(all);
    q.resetStats();
    expect(q.stats()).toEqual({ running: 0, queued: 0, peakRunning: 0, refused: 0 });
  });
});
