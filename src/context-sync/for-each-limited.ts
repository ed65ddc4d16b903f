// Runs `work` over items with at most `limit` in flight: thousands of small file operations finish
// far sooner side by side, but not all at once (file descriptors are finite).
export async function forEachLimited<Item>(items: readonly Item[], limit: number, work: (item: Item) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
