/**
 * One of something per address (a budget of bytes sent, a bucket of
 * messages), shared by all of the address's connections, and kept only
 * while it remembers anything: one that is full again and unused is
 * forgotten, so the map cannot grow without bound however many addresses
 * come and go.
 */
export class PerAddress<T extends { readonly full: boolean }> {
  private readonly items = new Map<string, T>();

  constructor(private readonly make: () => T) {}

  of(address: string): T {
    let item = this.items.get(address);
    if (!item) {
      item = this.make();
      this.items.set(address, item);
    }
    return item;
  }

  /** Forgets those full again and not held by `inUse`. */
  sweep(inUse: (address: string) => boolean): void {
    for (const [address, item] of this.items) if (item.full && !inUse(address)) this.items.delete(address);
  }

  get size(): number {
    return this.items.size;
  }
}
