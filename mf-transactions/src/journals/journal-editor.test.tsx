// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { cleanupScreen } from '../../../shared-ui/src/testing/screen.js';
import { usePreviewBody } from './journal-editor.js';
import { newLine, type JournalForm } from './rules.js';

const journal = (debit: number, credit: number): JournalForm => ({
  date: '2026-11-27',
  memo: 'Move',
  items: [
    newLine({ entity: 'SMITHJ01', door: '101', account_id: 'OWNFUNDS', description: 'Out', debit }),
    newLine({ entity: 'JONESB01', door: '102', account_id: 'OWNFUNDS', description: 'In', credit }),
  ],
});

describe('the journal preview body', () => {
  afterEach(() => {
    vi.useRealTimers();
    cleanupScreen();
  });

  it('holds Save (settling) from a balanced change until its overdraw check is asked', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ values }) => usePreviewBody(values), { initialProps: { values: journal(4, 5) } });
    expect(result.current).toEqual({ body: null, settling: false });
    rerender({ values: journal(5, 5) });
    expect(result.current).toEqual({ body: null, settling: true });
    act(() => { vi.advanceTimersByTime(400); });
    expect(result.current.settling).toBe(false);
    expect(result.current.body).toMatchObject({ memo: 'Move', items: [{ debit: 5 }, { credit: 5 }] });
    // Unbalanced again: nothing to check, so nothing to wait for.
    rerender({ values: journal(5, 6) });
    expect(result.current).toEqual({ body: null, settling: false });
  });
});
