import { describe, expect, it } from 'vitest';
import { visibleActions } from './actions.js';

describe('support console actions', () => {
  it('shows God Mode Utilities only to god-level users', () => {
    expect(visibleActions(false).map((a) => a.key)).not.toContain('god-utilities');
    expect(visibleActions(true).map((a) => a.key)).toContain('god-utilities');
    // Spec 3 §6: the console says 'God Mode Utilities' (issue 17).
    expect(visibleActions(true).find((a) => a.key === 'god-utilities')!.title).toBe('God Mode Utilities');
    expect(visibleActions(false)).toHaveLength(9);
  });
});
