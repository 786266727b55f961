import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, SubmissionKey } from './submission-key.js';

describe('SubmissionKey', () => {
  it('keeps one key for the same body until it succeeds, and a new one after or for another body', () => {
    const key = new SubmissionKey();
    const first = key.for({ amount: 10 });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(key.for({ amount: 10 })).toBe(first);
    expect(key.headers({ amount: 10 })).toEqual({ [IDEMPOTENCY_HEADER]: first });
    const other = key.for({ amount: 11 });
    expect(other).not.toBe(first);
    key.done();
    expect(key.for({ amount: 11 })).not.toBe(other);
  });
});
