// Remembers the last `capacity` keys of this process, oldest forgotten first: enough to keep a
// notice from being sent twice for the twin deliveries of one post, without growing forever.
export class RecentKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** False when `key` was added before (and is still remembered). */
  add(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    if (this.keys.size > this.capacity) {
      const oldest = this.keys.values().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
    return true;
  }
}
