// The loop both outbox workers (lead delivery, account and staff mail) run: work now, then every pollMs; a kick() while
// a round runs asks for another round at once, so a new lead or mail is never left waiting for the next poll. A
// round that throws is logged and the loop goes on; stop() waits for the round in progress.
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;
  protected stopped = true;

  constructor(
    private readonly pollMs: number,
    private readonly logError: (message: string) => void,
  ) {}

  /** One round of work (claim what is due, send it). */
  protected abstract round(): Promise<unknown>;

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Something new is waiting: work now rather than at the next poll. */
  kick() {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick() {
    if (this.running || this.stopped) return;
    try {
      this.running = this.round();
      await this.running;
    } catch (e) {
      this.logError((e as Error).message);
    } finally {
      this.running = undefined;
    }
    if (!this.stopped) this.schedule(this.again ? 0 : this.pollMs);
    this.again = false;
  }
}
