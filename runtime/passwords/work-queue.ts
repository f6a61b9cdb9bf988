// A line for slow work that must not take over a shared resource: at most `concurrency` tasks run at once, at most
// `maxQueued` more wait their turn (first come, first served), and one more is refused at once with ServerBusyError
// (503 with Retry-After) instead of joining a line that could grow without end. Used for password hashing (hashing.ts).
import { ServerBusyError } from '../infra/http-errors';

export interface WorkQueueLimits {
  /** Tasks running at once (Infinity: no limit). */
  concurrency: number;
  /** Tasks waiting for a free slot; beyond that a task is refused (Infinity: no limit). */
  maxQueued: number;
  /** What the refusal tells the client: when to try again, and why. */
  retryAfterSeconds: number;
  busyMessage: string;
}

export class WorkQueue {
  private limits: WorkQueueLimits;
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  private peak = 0;
  private refusals = 0;

  constructor(limits: WorkQueueLimits) {
    this.limits = { ...limits };
  }

  /** Runs `task` when a slot is free; its result or error is the answer. Refused (ServerBusyError) when the line is full. */
  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limits.concurrency && this.waiting.length === 0) return this.start(task);
    if (this.waiting.length >= this.limits.maxQueued) {
      this.refusals++;
      return Promise.reject(new ServerBusyError(this.limits.busyMessage, this.limits.retryAfterSeconds));
    }
    return new Promise<T>((resolve, reject) => this.waiting.push(() => this.start(task).then(resolve, reject)));
  }

  private async start<T>(task: () => Promise<T>): Promise<T> {
    this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      this.active--;
      this.next();
    }
  }

  private next() {
    while (this.active < this.limits.concurrency && this.waiting.length) this.waiting.shift()!();
  }

  /** Changes the limits; raising the concurrency starts waiting tasks at once. */
  configure(limits: Partial<WorkQueueLimits>) {
    this.limits = { ...this.limits, ...limits };
    this.next();
  }

  get settings(): Readonly<WorkQueueLimits> {
    return this.limits;
  }

  /** What the queue is doing now, and the most tasks that ever ran at once (since resetStats). */
  stats() {
    return { running: this.active, queued: this.waiting.length, peakRunning: this.peak, refused: this.refusals };
  }

  resetStats() {
    this.peak = this.active;
    this.refusals = 0;
  }
}
