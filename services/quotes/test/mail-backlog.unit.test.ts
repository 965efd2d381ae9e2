import { describe, expect, it } from 'vitest';
import { metricValue } from '@limo/platform';
import { intakeHeld, intakeHoldExpired, MailBacklog } from '../src/delivery/mail-backlog.js';

/** A backlog count that the test moves, counting how often it was read. */
function backlogOf(initial: number) {
  const state = { value: initial, reads: 0 };
  const count = async () => {
    state.reads++;
    return state.value;
  };
  return { state, count };
}

describe('mail backlog (backpressure from delivery to quote intake)', () => {
  it('takes a request at once while the backlog is within its limit', async () => {
    const { count } = backlogOf(500);
    const backlog = new MailBacklog(count, { limit: 500, refreshMs: 20, maxWaitMs: 2_000 });
    const held = await metricValue(intakeHeld);
    await backlog.admit();
    expect(await metricValue(intakeHeld)).toBe(held);
  });

  it('holds a request while delivery is behind, and takes it once delivery caught up', async () => {
    const { state, count } = backlogOf(900);
    const backlog = new MailBacklog(count, { limit: 500, refreshMs: 20, maxWaitMs: 5_000 });
    const held = await metricValue(intakeHeld);
    let taken = false;
    const admitted = backlog.admit().then(() => (taken = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(taken).toBe(false);
    state.value = 480;
    await admitted;
    expect(await metricValue(intakeHeld)).toBe(held + 1);
  });

  it('takes a request after the longest wait even if delivery stays behind (a late mail beats a lost customer)', async () => {
    const { count } = backlogOf(10_000);
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const backlog = new MailBacklog(count, { limit: 500, refreshMs: 20, maxWaitMs: 200 }, logger);
    const expired = await metricValue(intakeHoldExpired);
    const started = performance.now();
    await Promise.all([backlog.admit(), backlog.admit()]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect(await metricValue(intakeHoldExpired)).toBe(expired + 2);
    expect(warnings).toHaveLength(1);
  });

  it('takes requests when the count fails or hangs (the backpressure is advice, the quote is not)', async () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const failing = new MailBacklog(() => Promise.reject(new Error('store down')), { limit: 1, refreshMs: 20, maxWaitMs: 1_000 }, logger);
    await failing.admit();
    const hanging = new MailBacklog(() => new Promise<number>(() => undefined), { limit: 1, refreshMs: 20, maxWaitMs: 100 });
    await Promise.all([hanging.admit(), hanging.admit()]);
    expect(warnings).toHaveLength(1);
  });

  it('counts once for all the requests arriving within the refresh time', async () => {
    const { state, count } = backlogOf(0);
    const backlog = new MailBacklog(count, { limit: 500, refreshMs: 1_000, maxWaitMs: 2_000 });
    await Promise.all(Array.from({ length: 50 }, () => backlog.admit()));
    await backlog.admit();
    expect(state.reads).toBe(1);
  });

  // Issue 23, defect 6: after a broker outage requests waited 3.4-8.3 s at p50 against the
  // documented 2 s: each count, slow under load, was waited for on top of the bound.
  it('never holds a request longer than its bound, however slow the counts are', async () => {
    // Each count after the first takes 800 ms against a 1 s bound: waiting for the second count
    // on top of the bound held a request ~1.64 s; it must stop waiting at 1 s (the margin is for a
    // loaded machine's timers).
    let reads = 0;
    const slowCount = async () => {
      reads++;
      await new Promise((r) => setTimeout(r, reads === 1 ? 0 : 800));
      return 10_000;
    };
    const backlog = new MailBacklog(slowCount, { limit: 500, refreshMs: 20, maxWaitMs: 1_000 });
    const started = performance.now();
    await backlog.admit();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(995);
    expect(waited).toBeLessThan(1_400);
  });
});
