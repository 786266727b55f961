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
});
