import { describe, expect, it } from 'vitest';
import { readSoon } from '../src/concurrency.js';

/** A read-model that answers null `misses` times, then the value. */
function fillsAfter<T>(misses: number, value: T) {
  let reads = 0;
  return {
    read: async (): Promise<T | null> => (++reads > misses ? value : null),
    reads: () => reads,
  };
}

describe('readSoon (a read-model an event is about to fill)', () => {
  it('answers at once when the read-model already holds the value', async () => {
    const model = fillsAfter(0, 'company');
    expect(await readSoon(model.read, { withinMs: 1000 })).toBe('company');
    expect(model.reads()).toBe(1);
  });

  it('asks again until the value arrives within the window', async () => {
    const model = fillsAfter(3, 'company');
    const started = performance.now();
    expect(await readSoon(model.read, { withinMs: 2000, everyMs: 10 })).toBe('company');
    expect(model.reads()).toBe(4);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('gives up with null once the window passed, without overshooting it by a whole pause', async () => {
    const model = fillsAfter(Number.POSITIVE_INFINITY, 'never');
    const started = performance.now();
    // Pauses of a second, so a busy machine's lag (the unit tests share every core) is far below one.
    expect(await readSoon(model.read, { withinMs: 1000, everyMs: 1000 })).toBeNull();
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(995);
    expect(took).toBeLessThan(1600);
    expect(model.reads()).toBeGreaterThanOrEqual(2);
  });

  it('reads once when there is no window', async () => {
    const model = fillsAfter(1, 'company');
    expect(await readSoon(model.read, { withinMs: 0 })).toBeNull();
    expect(model.reads()).toBe(1);
  });
});
