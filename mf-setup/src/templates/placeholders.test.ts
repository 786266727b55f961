import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_GROUPS, insertionText } from './placeholders.js';

describe('template placeholders', () => {
  const all = PLACEHOLDER_GROUPS.flatMap((g) => g.tokens);

  it('offers FROM_ and TO_ for every party field, and the user and report fields', () => {
    for (const prefix of ['FROM_', 'TO_']) {
      for (const field of ['CODE', 'NAME', 'EMAIL', 'ADDRESS', 'TOWN', 'STATE', 'POSTCODE', 'PHONE1', 'PHONE2', 'NOTES']) {
        expect(all).toContain(`${prefix}${field}`);
      }
    }
    expect(all).toEqual(expect.arrayContaining(['USER_NAME', 'USER_EMAIL', 'RPT_YEAR', 'RPT_MONTH', 'RPT_PERIOD', 'RPT_NAME']));
    expect(all).toHaveLength(26);
    expect(new Set(all).size).toBe(all.length);
  });

  it('separates a token from the word before it', () => {
    expect(insertionText('TO_NAME', 'Dear')).toBe(' TO_NAME');
    expect(insertionText('TO_NAME', 'Dear ')).toBe('TO_NAME');
    expect(insertionText('TO_NAME', '')).toBe('TO_NAME');
    expect(insertionText('RPT_PERIOD', 'for (')).toBe('RPT_PERIOD');
  });
});
