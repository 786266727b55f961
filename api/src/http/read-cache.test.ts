import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

describe('ReadCache', () => {
  it('answers from the cache until the company writes, and keeps companies apart', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('A', 'list', load)).toBe(1);
    expect(await cache.get('A', 'list', load)).toBe(1);
    expect(await cache.get('B', 'list', load)).toBe(2);
    cache.written('A');
    expect(await cache.get('A', 'list', load)).toBe(3);
    expect(await cache.get('B', 'list', load)).toBe(2);
  });
  it('forgets entries after the TTL', async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    await cache.get('A', 'k', async () => ++loads);
    await cache.get('A', 'k', async () => ++loads);
    expect(loads).toBe(2);
  });
  it('keeps JSON text serialised once per load, dropped by a write like any other entry', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => ({ n: ++loads, rows: [{ id: 'A' }] });
    expect(await cache.json('A', 'list', load)).toBe('{"n":1,"rows":[{"id":"A"}]}');
    expect(await cache.json('A', 'list', load)).toBe('{"n":1,"rows":[{"id":"A"}]}');
    await cache.written('A');
    expect(await cache.json('A', 'list', load)).toBe('{"n":2,"rows":[{"id":"A"}]}');
  });
  it('does not keep a value loaded across a write (it may predate the write)', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const first = cache.get('A', 'k', async () => {
      await cache.written('A');
      return ++loads;
    });
    expect(await first).toBe(1);
    expect(await cache.get('A', 'k', async () => ++loads)).toBe(2);
  });
});
