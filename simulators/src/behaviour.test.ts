import { describe, expect, it } from 'vitest';
import { assignBehaviours, countBehaviours } from './behaviour.js';
import { jittered, seededRandom } from './prng.js';

describe('behaviour mix', () => {
  it('gives each behaviour exactly its rounded share, the rest succeeding', () => {
    const behaviours = assignBehaviours(1000, { fail: 0.1, slow: 0.05, offline: 0.021, deny: 0.0004 }, seededRandom(7));
    expect(countBehaviours(behaviours)).toEqual({ succeed: 829, fail: 100, slow: 50, offline: 21, deny: 0, ignoreConfirmation: 0 });
  });

  it('places them the same way for the same seed, differently for another', () => {
    const mix = { fail: 0.3, offline: 0.3 };
    expect(assignBehaviours(50, mix, seededRandom(1))).toEqual(assignBehaviours(50, mix, seededRandom(1)));
    expect(assignBehaviours(50, mix, seededRandom(1))).not.toEqual(assignBehaviours(50, mix, seededRandom(2)));
  });

  it('jitters within ± the fraction', () => {
    const random = seededRandom(3);
    const samples = Array.from({ length: 1000 }, () => jittered(1000, 0.1, random));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(900);
    expect(Math.max(...samples)).toBeLessThanOrEqual(1100);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(150);
  });
});
