type Waiting<Item, Result> = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };

/**
 * Gathers the items that arrive while earlier ones are being written and writes them together: at most
 * `concurrency` writes at once, each of at most `maxItems`. An item arriving while fewer writes are running goes at
 * once, so a quiet system waits for nothing, and a busy one writes more per statement.
 */
export class Batcher<Item, Result> {
  readonly #write: (items: Item[]) => Promise<Result[]>;
  readonly #concurrency: number;
  readonly #maxItems: number;
  #waiting: Waiting<Item, Result>[] = [];
  #running = 0;

  /** `write` answers one result per item, in order; when it throws, every item of its batch gets the error. */
  constructor(write: (items: Item[]) => Promise<Result[]>, { concurrency, maxItems }: { concurrency: number; maxItems: number }) {
    this.#write = write;
    this.#concurrency = concurrency;
    this.#maxItems = maxItems;
  }

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      this.#next();
    });
  }

  #next(): void {
    while (this.#running < this.#concurrency && this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.#maxItems);
      this.#running++;
      this.#write(batch.map((waiting) => waiting.item))
        .then(
          (results) => batch.forEach((waiting, i) => waiting.resolve(results[i]!)),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          this.#running--;
          this.#next();
        });
    }
  }
}
