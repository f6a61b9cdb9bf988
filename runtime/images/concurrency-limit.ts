// At most `limit` tasks at once; the rest wait in order. A finished task hands its slot straight to the next waiter, so
// the count never goes over the limit.
export class ConcurrencyLimit {
  private readonly waiting: (() => void)[] = [];
  private running = 0;

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
