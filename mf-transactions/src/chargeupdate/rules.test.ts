import { describe, expect, it } from 'vitest';
import { chargesUpdateOutcome } from './rules.js';

describe('update property charges outcome', () => {
  it('keeps the server message (which names the units skipped) and the charges raised', () => {
    expect(chargesUpdateOutcome('update', { message: '2 charges raised; not raised: A1: Account X is inactive', error: false, data: { raised: 2, refs: ['101', '102'], skipped: ['A1: Account X is inactive'] } }))
      .toEqual({ intent: 'success', message: '2 charges raised; not raised: A1: Account X is inactive', refs: ['101', '102'] });
  });

  it('reports a refused run as an error with its message', () => {
    expect(chargesUpdateOutcome('undo', { message: 'The date may not be earlier than today (2026-04-20)', error: true }))
      .toEqual({ intent: 'error', message: 'The date may not be earlier than today (2026-04-20)', refs: [] });
    expect(chargesUpdateOutcome('undo', { data: { cancelled: 0, refs: [] } }).message).toBe('Charges undone');
  });
});
