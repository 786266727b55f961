import { describe, expect, it } from 'vitest';
import { selectionForm, selectionSchema, selectionWire, yearOptions } from './rules.js';

describe('report selection (spec 3 §3)', () => {
  it('sends only what the header shows: an as-at report its date, a period its year and month', () => {
    const form = selectionForm({ year: 2026, month: 11, from: '2026-11-01', to: '2026-11-26', entity_type: 'ALL', type: 'DETAILED' });
    expect(selectionWire(form, ['asAt', 'entityType', 'category'])).toEqual({ to: '2026-11-26', entity_type: 'ALL' });
    expect(selectionWire(form, ['period', 'detail'])).toEqual({ year: 2026, month: 11, type: 'DETAILED' });
    expect(selectionWire(form, ['financialYear'])).toEqual({ year: 2026 });
    expect(selectionWire(form, ['dateRange', 'ref'])).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('leaves blanks out for the server default and upper-cases entity codes', () => {
    const form = { ...selectionForm(), entity_from: ' own1 ', entity_to: '', ref: ' R12 ' };
    expect(selectionWire(form, ['entityRange', 'ref', 'period'])).toEqual({ entity_from: 'OWN1', ref: 'R12' });
  });

  it("checks the wire selection with the route's contract, reporting on the form's names", () => {
    const schema = selectionSchema(['dateRange']);
    const ok = schema.safeParse(selectionForm({ from: '2026-11-01', to: '2026-11-26' }));
    expect(ok.success && ok.data).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    const bad = schema.safeParse(selectionForm({ from: '2026-11-26', to: '2026-11-01' }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['to', 'To must not be before From']]);
  });

  it('offers the years from the ledger to the last, newest first, keeping the default', () => {
    expect(yearOptions('2024-03-01', 2026, 2026).map((o) => o.value)).toEqual([2026, 2025, 2024]);
    expect(yearOptions(null, 2027, 2026).map((o) => o.value)).toEqual([2027, 2026]);
    expect(yearOptions('2025-01-01', 2026, 2022).map((o) => o.value)).toEqual([2026, 2025, 2024, 2023, 2022]);
  });
});
