import { describe, expect, it } from 'vitest';
import { visibleActions } from './actions.js';

describe('support console actions', () => {
  it('shows god utilities only to god-level users', () => {
    expect(visibleActions(false).map((a) => a.key)).not.toContain('god-utilities');
    expect(visibleActions(true).map((a) => a.key)).toContain('god-utilities');
    expect(visibleActions(false)).toHaveLength(9);
  });
});
