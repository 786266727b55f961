import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('lets the free failures through, then doubles the wait per failure up to the cap', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(3, 1_000, 8_000, 60_000, () => now);
    const keys = ['user:ADMIN@10.0.0.1', 'ip:10.0.0.1'];
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter(keys)).toBe(0);
      throttle.fail(keys);
    }
    const waits = [];
    for (let i = 0; i < 6; i++) {
      waits.push(throttle.retryAfter(keys));
      now += waits.at(-1)!;
      throttle.fail(keys);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(throttle.retryAfter(['user:ADMIN@10.0.0.2'])).toBe(0);
  });

  it('is never a lock: a success clears the key, and so does a quiet spell', () => {
    let now = 0;
    const throttle = new LoginThrottle(1, 1_000, 8_000, 60_000, () => now);
    throttle.fail(['user:A']);
    throttle.succeed(['user:A']);
    expect(throttle.retryAfter(['user:A'])).toBe(0);
    throttle.fail(['user:B']);
    throttle.fail(['user:B']);
    expect(throttle.retryAfter(['user:B'])).toBe(2_000);
    now += 60_000;
    expect(throttle.retryAfter(['user:B'])).toBe(0);
  });
});
