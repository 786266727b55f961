import type { Kysely } from 'kysely';
import { MIME } from '../../archive/archive.js';
import { debitOccurrences } from '../../audit/audit.js';
import { CONTROL_SCHEMA } from '../../db/open.js';
import type { ControlTables } from '../../db/schema.js';
import { tableCsv } from '../../documents/csv.js';
import { PdfDocument } from '../../documents/pdf.js';
import { type DocTable, moneyText } from '../../documents/table.js';
import { ZipWriter, concat } from '../../documents/zip.js';
import { hledgerJournal } from '../../exports/hledger.js';
import { cashLinesCsv, postingsCsv, trialBalanceCsv, trialBalanceRows } from '../../exports/ledger-export.js';
import { lastDayOfMonth } from '../../ledger/business-date.js';
import { toCents } from '../../money/cents.js';
import { reconciliationReports } from '../daily/reconciliations.js';
import type { ReportContext, ReportDefinition, ReportOutput } from '../definition.js';
import { ReportRefused } from '../definition.js';
import { bankingRegister } from '../receipts-payments/banking-register.js';
import { paymentRegister } from '../receipts-payments/payment-register.js';
import { receiptRegister } from '../receipts-payments/receipt-register.js';
import { receiptReversals } from '../receipts-payments/receipt-reversals.js';
import { sectionsCsv } from '../render.js';

/** The party fields regulators want a history of (spec: owners' names, addresses and bank details). */
export const REGULATED_FIELDS = ['name', 'address', 'town', 'state', 'postcode', 'email', 'bank', 'bank_account_name', 'bank_bsb', 'bank_account_number', 'disburse_method'] as const;

export interface PartyChange {
  at: Date;
  who: string;
  party: string;
  type: string;
  field: string;
  before: string;
  after: string;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Each regulated field a logged entity change altered: one line per field, the record created or deleted showing every field it had. */
export function partyChanges(log: { date: Date; identity: string | null; record_key: string | null; before: unknown; after: unknown }[]): PartyChange[] {
  const out: PartyChange[] = [];
  for (const row of log) {
    const before = (row.before ?? {}) as Record<string, unknown>;
    const after = (row.after ?? {}) as Record<string, unknown>;
    for (const field of REGULATED_FIELDS) {
      if (text(before[field]) === text(after[field])) continue;
      out.push({
        at: new Date(row.date), who: row.identity ?? '', party: row.record_key ?? text(after.code ?? before.code), type: text(after.type ?? before.type),
        field, before: text(before[field]), after: text(after[field]),
      });
    }
  }
  return out;
}

/** The month ends of a financial year (July–June) up to a date: the trial balances the pack holds. */
export function monthEndsOf(from: string, to: string, upTo: string): string[] {
  const ends: string[] = [];
  for (let d = lastDayOfMonth(from); d <= to && d <= upTo; d = lastDayOfMonth(new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10))) ends.push(d);
  return ends;
}

const streamText = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

/**
 * The auditor's pack (issue 12 'Beyond the seeds'): for a financial year, one ZIP an external
 * auditor can work from without us. The trial balance at each month end (to today in a year not
 * over), the year's postings and cash lines (the exports' CSVs), an hledger journal of the year
 * opening with the balances carried in, whose balances are the trial balances', the registers
 * (receipts with void numbers, payments, banking, reversals), the reconciliations with their
 * reports, the ledgers that stood below zero, the change log of parties' names, addresses and
 * bank details from the system log, and an index saying what each file is and the figures that
 * tie. Built a part at a time with the job's progress.
 */
export const auditorPack: ReportDefinition = {
  key: 'auditpack',
  async build(ctx) {
    const { db, selection, company, letterhead, printedAt, reference, progress, today } = ctx;
    const { from, to } = selection;
    if (from > today) throw new ReportRefused(`The financial year ${selection.year - 1}–${selection.year} has not started`);
    const fy = `FY${selection.year}`;
    const upTo = to < today ? to : today;
    // Each file is compressed as it is added, so a year's postings are not held as text and zipped later.
    const chunks: Uint8Array[] = [];
    const zip = new ZipWriter((chunk) => chunks.push(chunk));
    const index: { file: string; contents: string; figure: string }[] = [];
    const add = (name: string, data: Uint8Array | string, contents: string, figure = '') => {
      zip.add({ name, data, date: printedAt });
      index.push({ file: name, contents, figure });
    };

    await progress(5, 'Trial balances at each month end');
    const ends = monthEndsOf(from, to, upTo);
    const balances: { date: string; ledgers: number; cashbook: number }[] = [];
    for (const end of ends) {
      const tb = await trialBalanceRows(db, end);
      balances.push({ date: end, ledgers: tb.ledgers, cashbook: tb.cashbook });
      add(`TrialBalances/TrialBalance-${end}.csv`, await trialBalanceCsv(db, end), `Trial balance as at ${end}: every ledger (party, door, account), their total and the cash book`, moneyText(tb.ledgers));
    }
    const summary: DocTable<(typeof balances)[number]> = {
      columns: [
        { header: 'Month end', kind: 'date', value: (b) => b.date },
        { header: 'Trust ledgers', kind: 'money', value: (b) => b.ledgers },
        { header: 'Cash book', kind: 'money', value: (b) => b.cashbook },
        { header: 'Difference', kind: 'money', value: (b) => b.cashbook - b.ledgers },
      ],
      rows: balances,
    };
    add('TrialBalances/Summary.csv', tableCsv(summary), 'Each month end: the sum of the trust ledgers beside the cash book');
    const closing = balances.at(-1);

    await progress(20, 'Postings, cash lines and the hledger journal');
    add('Ledger/Postings.csv', await streamText(await postingsCsv(db, from, upTo)), 'Every posting of the txns dated in the year (date, ref, kind, party, door, account, amount)');
    add('Ledger/CashLines.csv', await streamText(await cashLinesCsv(db, from, upTo)), 'Every line of the cash book dated in the year (money into the trust account positive)');
    add(`Ledger/trust-${fy}.journal`, await hledgerJournal(db, from, upTo, `${company.name} (${company.code}) trust books, ${fy}: ${from} to ${upTo}`),
      `hledger journal of the year opening with the balances carried in: 'hledger -f trust-${fy}.journal check', and its balance at a month end is that month's trial balance`,
      closing ? `${moneyText(closing.ledgers)} held at ${closing.date}` : '');

    await progress(50, 'Registers and reconciliations');
    const yearly: ReportContext = { ...ctx, selection: { ...selection, from, to: upTo, ref: undefined } };
    const registers: [string, ReportDefinition, string][] = [
      ['ReceiptRegister', receiptRegister, 'Receipts of the year from the cash book, deleted receipts\' numbers CANCELLED; numbers missing named under it'],
      ['PaymentRegister', paymentRegister, 'Payments of the year from the cash book (payments, disbursements, reversed receipts)'],
      ['BankingRegister', bankingRegister, 'Deposits of the year with the receipts each took to the bank'],
      ['ReceiptReversals', receiptReversals, 'Receipts reversed in the year with reason, who and when; receipts deleted with their void numbers'],
    ];
    for (const [name, definition, contents] of registers) {
      const out = await definition.build(yearly);
      add(`Registers/${name}.csv`, sectionsCsv(out), contents, totalOf(out));
    }
    const recs = await reconciliationReports.build(yearly);
    add('Reconciliations/Reconciliations.csv', sectionsCsv(recs), 'Each bank reconciliation of the year: statement balance, outstanding items, adjusted bank balance, cash book and ledgers', `${recs.sections[0]!.table.rows.length} reconciliations`);
    add('Reconciliations/Reconciliations.pdf', await recs.pdf!(), 'The reports the reconciliations made on completion, one after another');

    await progress(75, 'Debit occurrences and the change log');
    const debits = (await debitOccurrences(db)).filter((d) => d.date >= from && d.date <= upTo);
    add('DebitOccurrences.csv', tableCsv({
      columns: [
        { header: 'Date', kind: 'date', value: (d) => d.date }, { header: 'Ledger', value: (d) => d.entity },
        { header: 'Door', value: (d) => d.door ?? '(all doors)' }, { header: 'Balance', kind: 'money', value: (d) => toCents(d.balance) },
        { header: 'Txn', value: (d) => d.txn_id },
      ],
      rows: debits,
    }), 'Every date in the year a ledger stood below zero (audit, kept permanently)', `${debits.length} occurrences`);
    const control = db.withSchema(CONTROL_SCHEMA) as unknown as Kysely<ControlTables>;
    const log = await control.selectFrom('system_log').select(['date', 'identity', 'record_key', 'before', 'after'])
      .where('database', '=', company.code).where('routine', '=', 'entity').where('severity', '=', 'CHANGE')
      .where('date', '>=', new Date(`${from}T00:00:00Z`)).where('date', '<', new Date(Date.parse(`${upTo}T00:00:00Z`) + 86_400_000))
      .orderBy('date').orderBy('id').execute();
    const changes = partyChanges(log);
    add('ChangeLog.csv', tableCsv({
      columns: [
        { header: 'When (UTC)', value: (c) => c.at.toISOString().slice(0, 19).replace('T', ' ') }, { header: 'Who', value: (c) => c.who },
        { header: 'Party', value: (c) => c.party }, { header: 'Type', value: (c) => c.type }, { header: 'Field', value: (c) => c.field },
        { header: 'Before', value: (c) => c.before }, { header: 'After', value: (c) => c.after },
      ],
      rows: changes,
    }), 'Changes in the year to parties\' names, addresses, e-mail and bank details, from the system log (field, before, after, who, when)', `${changes.length} changes`);

    await progress(90, 'Index');
    const indexTable: DocTable<(typeof index)[number]> = {
      columns: [{ header: 'File', value: (r) => r.file, width: 30 }, { header: 'Contents', value: (r) => r.contents, width: 55 }, { header: 'Figure', value: (r) => r.figure, width: 15 }],
      rows: index,
    };
    const pdf = new PdfDocument({ letterhead, title: `Auditor's Pack ${fy}`, selection: `Financial year 1 July ${selection.year - 1} to 30 June ${selection.year}${upTo < to ? `, to ${upTo}` : ''}`, printedAt, reference, orientation: 'landscape' });
    pdf.paragraph(`The trust books of ${company.name} (${company.code}) for the financial year, as ${ctx.user.name} generated them. Money is in Australian dollars. Every file below is in this ZIP; CSV files are RFC 4180.`);
    if (closing) pdf.block([{ label: `Trust ledgers at ${closing.date}`, value: moneyText(closing.ledgers) }, { label: `Cash book at ${closing.date}`, value: moneyText(closing.cashbook), strong: true }]);
    pdf.table(indexTable);
    zip.add({ name: 'Index.pdf', data: pdf.bytes(), date: printedAt });
    zip.add({ name: 'Index.csv', data: tableCsv(indexTable), date: printedAt });
    await zip.end();
    return {
      title: `Auditor's Pack ${fy}`,
      selectionLine: '',
      sections: [],
      file: { filename: `AuditorsPack-${company.code}-${fy}.zip`, mime: MIME.zip, content: concat(chunks) },
    };
  },
};

/** A register's total as its notes state it (the figure it ties to). */
function totalOf(out: ReportOutput): string {
  const note = out.sections[0]?.notes?.find((n) => n.strong);
  return note ? note.value : '';
}
