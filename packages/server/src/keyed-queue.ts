/**
 * A SerialQueue per key: the tasks of one key run one at a time, in the
 * order given, while other keys' run beside them. A key's queue is dropped
 * once it empties, so keys seen once (client addresses) are not kept.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(() => task());
    // A failing task does not stop the ones after it.
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with tasks queued or running (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
