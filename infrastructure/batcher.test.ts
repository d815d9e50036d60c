import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

/** A write that waits until released, recording the batches it was given. */
function heldWrites() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const write = (items: number[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => {
      releases.push(() => (items.includes(-1) ? reject(new Error('bad item')) : resolve(items.map((item) => `written ${item}`))));
    });
  };
  const releaseNext = async () => {
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, write, releaseNext };
}

describe('Batcher', () => {
  it('writes an item at once when nothing is being written, and the ones arriving meanwhile together', async () => {
    const { batches, write, releaseNext } = heldWrites();
    const batcher = new Batcher(write, { concurrency: 1, maxItems: 3 });
    const first = batcher.submit(1);
    const later = [2, 3, 4, 5].map((item) => batcher.submit(item));
    expect(batches).toEqual([[1]]);
    await releaseNext();
    expect(await first).toBe('written 1');
    expect(batches).toEqual([[1], [2, 3, 4]]); // at most 3 a write
    await releaseNext();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    await releaseNext();
    expect(await Promise.all(later)).toEqual(['written 2', 'written 3', 'written 4', 'written 5']);
  });

  it('runs at most `concurrency` writes at once', async () => {
    const { batches, write, releaseNext } = heldWrites();
    const batcher = new Batcher(write, { concurrency: 2, maxItems: 10 });
    const all = [1, 2, 3, 4].map((item) => batcher.submit(item));
    expect(batches).toEqual([[1], [2]]);
    await releaseNext();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    await releaseNext();
    await releaseNext();
    expect(await Promise.all(all)).toEqual(['written 1', 'written 2', 'written 3', 'written 4']);
  });

  it("gives a failed write's error to the items of its batch only", async () => {
    const { write, releaseNext } = heldWrites();
    const batcher = new Batcher(write, { concurrency: 1, maxItems: 2 });
    const first = batcher.submit(1);
    const failing = [batcher.submit(-1), batcher.submit(2)].map((result) => expect(result).rejects.toThrow('bad item'));
    const after = batcher.submit(3);
    await releaseNext();
    await releaseNext();
    await releaseNext();
    expect(await first).toBe('written 1');
    await Promise.all(failing);
    expect(await after).toBe('written 3');
  });
});
