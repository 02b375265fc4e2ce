/**
 * The fleet's only timer: a binary min-heap of wake-up times, one pending entry per device, and one
 * `setTimeout` armed for the earliest. Thousands of devices cost one timer, not one interval each.
 */
interface Entry<T> {
  readonly at: number;
  readonly seq: number;
  readonly item: T;
}

export class WakeScheduler<T> {
  private readonly heap: Entry<T>[] = [];
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private armedAt = Infinity;
  private stopped = false;

  constructor(
    private readonly wake: (item: T) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Wakes `item` after `delayMs` (0: on the next turn of the event loop). */
  schedule(item: T, delayMs: number): void {
    if (this.stopped) return;
    this.push({ at: this.now() + delayMs, seq: this.seq++, item });
    this.arm();
  }

  get size(): number {
    return this.heap.length;
  }

  /** Drops every pending wake-up; later `schedule` calls are ignored. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.heap.length = 0;
  }

  private arm(): void {
    const first = this.heap[0];
    if (!first || first.at >= this.armedAt) return;
    clearTimeout(this.timer);
    this.armedAt = first.at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, first.at - this.now()));
  }

  private fire(): void {
    this.armedAt = Infinity;
    const now = this.now();
    const due: T[] = [];
    while (this.heap[0] && this.heap[0].at <= now) due.push(this.pop().item);
    for (const item of due) this.wake(item);
    this.arm();
  }

  private push(entry: Entry<T>): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as Entry<T>, heap[parent] as Entry<T>)) break;
      [heap[i], heap[parent]] = [heap[parent] as Entry<T>, heap[i] as Entry<T>];
      i = parent;
    }
  }

  private pop(): Entry<T> {
    const heap = this.heap;
    const top = heap[0] as Entry<T>;
    const last = heap.pop() as Entry<T>;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && before(heap[left] as Entry<T>, heap[smallest] as Entry<T>)) smallest = left;
        if (right < heap.length && before(heap[right] as Entry<T>, heap[smallest] as Entry<T>)) smallest = right;
        if (smallest === i) break;
        [heap[i], heap[smallest]] = [heap[smallest] as Entry<T>, heap[i] as Entry<T>];
        i = smallest;
      }
    }
    return top;
  }
}

const before = <T>(a: Entry<T>, b: Entry<T>): boolean => a.at < b.at || (a.at === b.at && a.seq < b.seq);
