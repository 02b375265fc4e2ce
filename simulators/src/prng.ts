/** A seeded pseudo-random source: the same seed gives the same fleet, behaviour mix and timings. */
export type Random = () => number;

/** mulberry32: 32 bits of state, uniform in [0, 1), good enough to spread devices and timings. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with the given source; shuffles in place and returns the array. */
export function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** `base` spread by ±`jitter` (a fraction), never negative. */
export const jittered = (base: number, jitter: number, random: Random): number => Math.max(0, base * (1 + jitter * (2 * random() - 1)));
