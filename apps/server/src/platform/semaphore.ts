/**
 * At most `limit` of the wrapped tasks at once; the rest wait their turn. For transactions that
 * must hold a lock while they call the ledger (which takes connections of the same pool):
 * bounded, they can never hold every pooled connection and wait for one more.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}
