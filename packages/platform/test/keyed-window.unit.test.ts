import { describe, expect, it } from 'vitest';
import { KeyedWindow } from '../src/events/keyed-window.js';

interface Item {
  key: string;
  n: number;
}

/** A handler whose calls the test finishes one by one, in any order. */
function controlled() {
  const pending = new Map<number, (handled: boolean) => void>();
  const started: number[] = [];
  const handle = (item: Item) =>
    new Promise<boolean>((resolve) => {
      started.push(item.n);
      pending.set(item.n, resolve);
    });
  const finish = async (n: number, handled = true) => {
    // An event starts on a later tick than its add(), behind the events of its key.
    await new Promise((r) => setImmediate(r));
    const resolve = pending.get(n);
    if (!resolve) throw new Error(`item ${n} is not running`);
    pending.delete(n);
    resolve(handled);
    // Lets the window's continuations run.
    await new Promise((r) => setImmediate(r));
  };
  return { handle, finish, started };
}

const item = (n: number, key = `k${n}`): Item => ({ key, n });

/** A window of `size` over a {@link controlled} handler, keyed by `key`, with `items` added. */
function controlledWindow(size: number, ...items: Item[]) {
  const { handle, finish, started } = controlled();
  const window = new KeyedWindow<Item>(size, (i) => i.key, handle);
  for (const i of items) window.add(i);
  return { window, finish, started };
}

describe('KeyedWindow', () => {
  it('starts the next event as soon as any in flight finishes, not when the slowest does', async () => {
    const { window, finish, started } = controlledWindow(2, item(0), item(1));
    expect(window.hasRoom).toBe(false);
    await finish(1);
    expect(window.hasRoom).toBe(true);
    window.add(item(2));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    // 0 is still running: nothing past it may be committed.
    expect(window.committed).toBe(0);
    await finish(0);
    expect(window.committed).toBe(2);
    await finish(2);
    expect(window.committed).toBe(3);
    await window.idle();
  });

  it('runs the events of one key one after another, in their order', async () => {
    const { window, finish, started } = controlledWindow(4, item(0, 'a'), item(1, 'b'), item(2, 'a'));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    await finish(0);
    expect(started).toEqual([0, 1, 2]);
    await finish(2);
    expect(window.committed).toBe(1);
    await finish(1);
    expect(window.committed).toBe(3);
  });

  it('stops at an interrupted event: nothing new starts, its key does not go on, the prefix ends before it', async () => {
    const { window, finish, started } = controlledWindow(4, item(0, 'a'), item(1, 'b'), item(2, 'a'));
    await finish(0);
    await finish(2, false);
    expect(window.stopped).toBe(true);
    expect(window.hasRoom).toBe(false);
    await finish(1);
    await window.idle();
    expect(started).toEqual([0, 1, 2]);
    expect(window.committed).toBe(2);
  });

  it('rethrows a handling error once the events in flight finished', async () => {
    const { handle, finish } = controlled();
    const window = new KeyedWindow<Item>(
      4,
      (i) => i.key,
      (i) => (i.n === 1 ? Promise.reject(new Error('boom')) : handle(i)),
    );
    window.add(item(0));
    window.add(item(1));
    await new Promise((r) => setImmediate(r));
    expect(window.stopped).toBe(true);
    const idle = expect(window.idle()).rejects.toThrow('boom');
    await finish(0);
    await idle;
    expect(window.committed).toBe(1);
  });
});
