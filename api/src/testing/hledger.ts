import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BANK_ACCOUNT as BANK, ledgerAccount } from '../exports/hledger.js';

/**
 * An outsider's double-entry check of our exports (issue 8, issue 10 'Proof'): the postings and
 * cash-line CSVs become an hledger journal, the trial balance CSV the balances it must show.
 * Accounts are named as the auditor's pack journal names them (exports/hledger.ts).
 */

/** The exports' CSV (codes and amounts only, no quoted fields) as rows keyed by the header. */
export const parseExportCsv = (text: string) => {
  const [head, ...lines] = text.trimEnd().split('\r\n');
  const keys = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [keys[i]!, v]))) as Record<string, string>[];
};

/** Dollars text to cents, exactly. */
export const textCents = (v: string) => {
  const [whole, frac = '00'] = v.replace('-', '').split('.');
  return (v.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(frac.padEnd(2, '0')));
};

export interface JournalFromExports {
  /** Each txn (`KIND REF`) with its date and journal lines in cents. */
  txns: Map<string, { date: string; lines: [string, number][] }>;
  /** The hledger journal text. */
  journal: string;
  /** Every account's sum over the journal, zero sums left out. */
  sums: Record<string, number>;
}

/** The journal of the postings and cash-lines exports (GET /api/ledger/postings and /cashlines). */
export function journalFromExports(postingsCsv: string, cashLinesCsv: string): JournalFromExports {
  const txns = new Map<string, { date: string; lines: [string, number][] }>();
  const at = (r: Record<string, string>) => {
    const key = `${r.kind} ${r.ref}`;
    if (!txns.has(key)) txns.set(key, { date: r.date!, lines: [] });
    return txns.get(key)!;
  };
  for (const p of parseExportCsv(postingsCsv)) at(p).lines.push([ledgerAccount(p.party!, p.door!, p.account!), -textCents(p.amount!)]);
  for (const c of parseExportCsv(cashLinesCsv)) at(c).lines.push([BANK, textCents(c.amount!)]);
  const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
  const journal = [...txns].map(([name, t]) => `${t.date} ${name}\n${t.lines.map(([a, c]) => `    ${a}  ${money(c)} AUD`).join('\n')}\n`).join('\n');
  const summed = new Map<string, number>();
  for (const t of txns.values()) for (const [a, c] of t.lines) summed.set(a, (summed.get(a) ?? 0) + c);
  return { txns, journal, sums: Object.fromEntries([...summed].filter(([, c]) => c !== 0)) };
}

/** The balances the trial balance CSV (GET /api/ledger/trialbalance?format=csv) says, in the journal's accounts. */
export function balancesFromTrialBalance(trialCsv: string): Record<string, number> {
  const trial = parseExportCsv(trialCsv);
  const expected: Record<string, number> = {};
  for (const r of trial.filter((r) => r.type !== 'TOTAL' && r.type !== 'CASHBOOK')) expected[ledgerAccount(r.code!, r.door!, r.account!)] = -textCents(r.balance!);
  const cash = textCents(trial.find((r) => r.type === 'CASHBOOK')!.balance!);
  if (cash !== 0) expected[BANK] = cash;
  return expected;
}

export function hledgerAvailable(): boolean {
  try {
    execFileSync('hledger', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/**
 * hledger's own balances of the journal before `end` (exclusive), in cents, and its total; null
 * when hledger is not installed. `hledger check` first: it refuses any unbalanced transaction.
 */
export function hledgerBalances(journal: string, end: string): { balances: Record<string, number>; total: string } | null {
  if (!hledgerAvailable()) return null;
  const file = join(mkdtempSync(join(tmpdir(), 'oa-hledger-')), 'trust.journal');
  writeFileSync(file, journal);
  execFileSync('hledger', ['-f', file, 'check'], { stdio: 'pipe' });
  const out = execFileSync('hledger', ['-f', file, 'balance', '--flat', '--no-elide', '-e', end, '-O', 'csv'], { encoding: 'utf8' });
  const rows = out.trim().split(/\r?\n/).slice(1).map((l) => l.split(',').map((v) => v.replace(/^"|"$/g, '')));
  const balances = Object.fromEntries(rows.filter((r) => r[0] !== 'total').map(([a, v]) => [a!, textCents(v!.replace(/ ?AUD ?/, '').trim())]));
  return { balances, total: rows.find((r) => r[0] === 'total')?.[1] ?? '' };
}
