import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open.js';
import { openTestDatabase } from '../testing/prepared-database.js';
import { type FailureStore, LoginThrottle, databaseFailureStore, memoryFailureStore } from './login-throttle.js';

let test: { db: Database; drop(): Promise<void> };
beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(async () => {
  await test.db.close();
  await test.drop();
});

const stores: [string, () => FailureStore][] = [
  ['in memory', memoryFailureStore],
  ['in the control schema', () => databaseFailureStore(test.db.control)],
];

describe.each(stores)('LoginThrottle counting %s', (where, store) => {
  it('lets the free failures through, then doubles the wait per failure up to the cap', async () => {
    let now = 1_000_000_000_000;
    const throttle = new LoginThrottle(store(), `a-${where}`, 3, 1_000, 8_000, 60_000, () => now);
    const keys = ['user:ADMIN@10.0.0.1', 'ip:10.0.0.1'];
    for (let i = 0; i < 3; i++) {
      expect(await throttle.retryAfter(keys)).toBe(0);
      await throttle.fail(keys);
    }
    const waits = [];
    for (let i = 0; i < 6; i++) {
      waits.push(await throttle.retryAfter(keys));
      now += waits.at(-1)!;
      await throttle.fail(keys);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(await throttle.retryAfter(['user:ADMIN@10.0.0.2'])).toBe(0);
  });

  it('is never a lock: a success clears the key, and so does a quiet spell', async () => {
    let now = 1_000_000_000_000;
    const throttle = new LoginThrottle(store(), `b-${where}`, 1, 1_000, 8_000, 60_000, () => now);
    await throttle.fail(['user:A']);
    await throttle.succeed(['user:A']);
    expect(await throttle.retryAfter(['user:A'])).toBe(0);
    await throttle.fail(['user:B']);
    await throttle.fail(['user:B']);
    expect(await throttle.retryAfter(['user:B'])).toBe(2_000);
    now += 60_000;
    expect(await throttle.retryAfter(['user:B'])).toBe(0);
    // A failure after the quiet spell counts from one again (one over the free one waits the base, not 4 s).
    await throttle.fail(['user:B']);
    expect(await throttle.retryAfter(['user:B'])).toBe(1_000);
  });
});

describe('LoginThrottle in the control schema', () => {
  it('adds up failures made through two throttles (two API processes) on the same database', async () => {
    const now = () => 1_000_000_000_000;
    const a = new LoginThrottle(databaseFailureStore(test.db.control), 'shared', 2, 1_000, 8_000, 60_000, now);
    const b = new LoginThrottle(databaseFailureStore(test.db.control), 'shared', 2, 1_000, 8_000, 60_000, now);
    await Promise.all([a.fail(['user:X']), b.fail(['user:X'])]);
    expect(await a.retryAfter(['user:X'])).toBe(1_000);
    expect(await b.retryAfter(['user:X'])).toBe(1_000);
    await b.succeed(['user:X']);
    expect(await a.retryAfter(['user:X'])).toBe(0);
  });
});
