import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('refuses after the limit within the window and forgives after it', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    const keys = ['user:ADMIN', 'ip:127.0.0.1'];
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter(keys)).toBe(0);
      throttle.fail(keys);
    }
    expect(throttle.retryAfter(keys)).toBe(60_000);
    expect(throttle.retryAfter(['ip:127.0.0.1'])).toBeGreaterThan(0);
    expect(throttle.retryAfter(['user:OTHER'])).toBe(0);
    now += 60_001;
    expect(throttle.retryAfter(keys)).toBe(0);
  });
  it('clears a key on success', () => {
    const throttle = new LoginThrottle(1, 60_000);
    throttle.fail(['user:A']);
    throttle.succeed(['user:A']);
    expect(throttle.retryAfter(['user:A'])).toBe(0);
  });
});
