import { expect, it } from 'vitest';
import type { DocumentStoreContract } from './context.js';

/** Concurrent updates of one document: applied atomically, each answered with its own result. */
export function atomicity(t: DocumentStoreContract): void {
  const { open, deviations } = t;

  it('applies 50 concurrent $inc on one document atomically', async () => {
    const counters = await open<{ _id: string; n: number }>('atomic');
    await counters.insertOne({ _id: 'c', n: 0 });
    await Promise.all(Array.from({ length: 50 }, () => counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } })));
    expect((await counters.findOne({ _id: 'c' }))?.n).toBe(50);
  });

  const ownResult = 'returns to each of 50 concurrent $inc the document as its own update left it (1 to 50)';
  const ownResultTest = async (): Promise<void> => {
    const counters = await open<{ _id: string; n: number }>('sequence');
    await counters.insertOne({ _id: 'c', n: 0 });
    const results = await Promise.all(Array.from({ length: 50 }, () => counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } })));
    expect(results.map((r) => r?.n).sort((a = 0, b = 0) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  };
  if (deviations.updateResultUnderConcurrency) {
    it.skip(`${ownResult} — skipped: ${deviations.updateResultUnderConcurrency}`, ownResultTest);
  } else {
    it(ownResult, ownResultTest);
  }
}
