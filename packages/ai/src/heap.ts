/**
 * A binary heap ordered by `before`: `pop` takes the item that sorting by
 * the same comparator would put first. Give `before` a strict total order
 * (break ties, as by id) and the order of the pops is exactly that sort's,
 * so a loop that re-sorted its items at every step may keep them here
 * instead without changing a single choice.
 */
export class Heap<T> {
  private readonly items: T[] = [];

  /** `before(a, b)`: whether a comes out before b. */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  /** The item `pop` would take, left in place. */
  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    let i = items.length;
    items.push(item);
    // Up from the new leaf: each parent that the item comes before moves down a level.
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = items[p] as T;
      if (!this.before(item, parent)) break;
      items[i] = parent;
      i = p;
    }
    items[i] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    if (items.length <= 1) return items.pop();
    const top = items[0] as T;
    this.sinkFromRoot(items.pop() as T);
    return top;
  }

  /** Puts `item` in the root's place and moves it down below every child that comes before it. */
  private sinkFromRoot(item: T): void {
    const items = this.items;
    const n = items.length;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && this.before(items[r] as T, items[l] as T) ? r : l;
      const c = items[child] as T;
      if (!this.before(c, item)) break;
      items[i] = c;
      i = child;
    }
    items[i] = item;
  }
}
