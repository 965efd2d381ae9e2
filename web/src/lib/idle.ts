import { useEffect, useState } from 'react';

/** Runs `run` once the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
export function waitForIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/** False until the browser has been idle once after this component mounted (at the latest `timeoutMs`). */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => waitForIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
