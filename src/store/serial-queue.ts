// Runs async work one piece at a time. A SQLite connection is a single session: if two
// operations interleaved, one's statements would land inside the other's transaction.
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    // The next piece waits for this one to settle, whether it succeeded or failed.
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
