/**
 * Runs tasks one at a time in the order given: a game's actions are applied
 * in arrival order even when storage is asynchronous. A failing task does not
 * stop the ones after it.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => task());
    this.tail = result.catch(() => undefined);
    return result;
  }
}
