/**
 * Group commit: the writes that arrive while the event loop is busy (the
 * same tick, or during the previous commit) are committed together, after
 * the loop has drained its pending messages (setImmediate runs after I/O).
 * A batch's outcomes go back to each write's caller only after the commit.
 */
export class GroupCommit<W, O> {
  private queued: { readonly write: W; readonly done: (outcome: O) => void }[] = [];
  private scheduled = false;

  /** `commit` takes a batch and returns one outcome per write, in order. */
  constructor(private readonly commit: (writes: readonly W[]) => readonly O[]) {}

  /** Queues a write; `done` is called with its outcome once its batch is committed. */
  add(write: W, done: (outcome: O) => void): void {
    this.queued.push({ write, done });
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Commits what is queued now (also at close, so nothing queued is dropped). */
  flush(): void {
    this.scheduled = false;
    const batch = this.queued;
    if (batch.length === 0) return;
    this.queued = [];
    const outcomes = this.commit(batch.map((q) => q.write));
    for (const [i, q] of batch.entries()) q.done(outcomes[i] as O);
  }

  get pending(): number {
    return this.queued.length;
  }
}
