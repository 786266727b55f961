import { describe, expect, it } from 'vitest';
import { checklistTypeText } from './checklist-types.js';

describe('checklistTypeText', () => {
  it('names the two month-end checklist types', () => {
    expect(checklistTypeText('MTHEND_PRE')).toBe('Month End Preliminary Checks');
    expect(checklistTypeText('MTHEND_POST')).toBe('Post Rollover Checks');
  });

  it("shows '????' for any other code", () => {
    expect(checklistTypeText('OTHER')).toBe('????');
    expect(checklistTypeText(null)).toBe('????');
    expect(checklistTypeText('')).toBe('????');
  });
});
