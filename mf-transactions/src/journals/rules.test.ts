import { describe, expect, it } from 'vitest';
import { journalContract, JOURNAL_MESSAGES } from 'api/contracts/journals';
import { balanceMessage, balancingAmount, canSaveJournal, isBalanced, journalRowStyle, journalTotals, journalWire, lineAmountError, newLine, overdrawnName } from './rules.js';

const line = (debit: number | '', credit: number | '') => newLine({ entity: 'SMITHJ01', door: '101', account_id: 'OWNFUNDS', description: 'Move', debit, credit });

describe('journal rules', () => {
  it('totals debits and credits in cents (no float drift)', () => {
    expect(journalTotals([line(0.1, ''), line(0.2, ''), line('', 0.3)])).toEqual({ debit: 30, credit: 30, balance: 0 });
    expect(journalTotals([line(40, ''), line('', 39.99)])).toEqual({ debit: 4000, credit: 3999, balance: -1 });
  });

  it('balances only with lines, money moved and credits minus debits zero', () => {
    expect(isBalanced([])).toBe(false);
    expect(isBalanced([line('', '')])).toBe(false);
    expect(isBalanced([line(40, ''), line('', 40)])).toBe(true);
    expect(balanceMessage([line(40, ''), line('', 39.99)])).toBe(JOURNAL_MESSAGES.notBalanced);
    expect(balanceMessage([line(40, ''), line('', 40)])).toBeNull();
  });

  it('a line has a debit or a credit, not both and not neither', () => {
    expect(lineAmountError(line(1, 1))).toMatch(/not both/);
    expect(lineAmountError(line('', ''))).toMatch(/above zero/);
    expect(lineAmountError(line(1, ''))).toBeNull();
  });

  it('allows saving only when balanced, every line valid and nothing overdrawn', () => {
    const good = [line(40, ''), line('', 40)];
    expect(canSaveJournal(good, [])).toBe(true);
    expect(canSaveJournal(good, null)).toBe(true);
    expect(canSaveJournal(good, [{ entity: 'SMITHJ01', door: '101', ledger: 10, resulting: -30 }])).toBe(false);
    expect(canSaveJournal([line(40, ''), line('', 39.99)], [])).toBe(false);
    expect(canSaveJournal([line(40, 40), line(0, 0)], [])).toBe(false);
    expect(canSaveJournal([], [])).toBe(false);
  });

  it('finds the amount and side that would balance the journal', () => {
    expect(balancingAmount([line(40, ''), line('', 39.99)])).toEqual({ side: 'credit', cents: 1 });
    expect(balancingAmount([line('', 10)])).toEqual({ side: 'debit', cents: 1000 });
    expect(balancingAmount([line(10, ''), line('', 10)])).toBeNull();
  });

  it('sends what the route contract accepts', () => {
    const wire = journalWire({ date: new Date(2026, 2, 5), memo: 'Move funds', items: [line(40, ''), { ...line('', 40), door: '' }] });
    expect(wire).toEqual({
      date: '2026-03-05', memo: 'Move funds',
      items: [
        { entity: 'SMITHJ01', door: '101', account_id: 'OWNFUNDS', description: 'Move', debit: 40, credit: null },
        { entity: 'SMITHJ01', door: null, account_id: 'OWNFUNDS', description: 'Move', debit: null, credit: 40 },
      ],
    });
    expect(journalContract.parse(wire).items.map((i) => [i.debit, i.credit])).toEqual([[40, 0], [0, 40]]);
  });

  it('shows reversed rows red on pale, and names overdrawn rows with their door', () => {
    expect(journalRowStyle({ reversed: true })).toEqual({ color: '#b10e1c', background: '#fdf3f4' });
    expect(journalRowStyle({ reversed: false })).toBeUndefined();
    expect(overdrawnName({ entity: 'SMITHJ01', door: '101' })).toBe('SMITHJ01 / 101');
    expect(overdrawnName({ entity: 'SMITHJ01', door: null })).toBe('SMITHJ01');
  });
});
