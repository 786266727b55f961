import { describe, expect, it } from 'vitest';
import { ALL_LETTINGS_LABEL, applyToText, feeValueText, frequencyText, methodText } from './fee-display.js';

describe('fee display', () => {
  it("shows '*' as every holiday letting, even alongside classes", () => {
    expect(applyToText(['*'])).toBe(ALL_LETTINGS_LABEL);
    expect(applyToText(['HOL', '*'])).toBe(ALL_LETTINGS_LABEL);
    expect(applyToText(['HOL', 'PERM'])).toBe('HOL, PERM');
    expect(applyToText(null)).toBe('');
  });

  it('shows a percent fee as a percentage and a value fee as dollars', () => {
    expect(feeValueText('P', 12.5)).toBe('12.50%');
    expect(feeValueText('V', 1234.5)).toBe('$1,234.50');
    expect(feeValueText('V', null)).toBe('');
  });

  it('names methods and treats frequency 0 as once only', () => {
    expect(methodText('P')).toBe('Percent');
    expect(methodText('V')).toBe('Value');
    expect(frequencyText(0)).toBe('Once');
    expect(frequencyText(null)).toBe('Once');
    expect(frequencyText(3)).toBe('3');
  });
});
