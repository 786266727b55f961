import { type Kysely, sql } from 'kysely';
import { pendingCharges } from '../charges/pending.js';
import type { CompanyTables } from '../db/schema.js';
import { type Letterhead, PdfDocument } from '../documents/pdf.js';
import { moneyText } from '../documents/table.js';
import { monthYearStartCase } from '../control/settings.js';

type Db = Kysely<CompanyTables>;

/** A month of one owner's ledger in cents: what the statement document draws. */
export interface OwnerStatement {
  code: string;
  name: string;
  address: string[];
  format: 'DET' | 'SUM';
  year: number;
  month: number;
  opening: number;
  closing: number;
  /** `revision`: a booking allocation's revision (each revision posts its own difference, so its own lines). */
  lines: { date: string; ref: string; kind: string; door: string | null; description: string; amount: number; balance: number; revision: number | null }[];
  /** Totals by kind of transaction (the summary format's body; also under the detailed lines). */
  byKind: { kind: string; amount: number }[];
  pending: number;
  holds: { label: string; amount: number }[];
  notes: string | null;
  message: string | null;
}

const KIND_NAMES: Record<string, string> = {
  BOOKING: 'Booking allocations', RECEIPT: 'Receipts', PAYMENT: 'Payments', JOURNAL: 'Journals', RELEASE: 'Charges released', DISBURSE: 'Disbursements', REVERSAL: 'Reversals',
};
export const kindName = (kind: string) => KIND_NAMES[kind] ?? kind;

const monthRange = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(last).padStart(2, '0')}` };
};

/**
 * The statements of a month for some owners (all when `codes` is omitted), in three aggregate
 * queries whatever the number of owners: openings, the month's postings, and the parties. The
 * closing balance is opening plus the lines, so it ties to the owner's ledger to the cent.
 */
export async function ownerStatements(db: Db, year: number, month: number, codes?: string[]): Promise<OwnerStatement[]> {
  const { first, last } = monthRange(year, month);
  let owners = db.selectFrom('entity').select(['code', 'name', 'address', 'town', 'state', 'postcode', 'statement_format', 'statement_notes',
    'hold_always', 'hold_always_reason', 'hold_this_month', 'hold_this_month_reason']).where('type', '=', 'OWNER').orderBy('code');
  if (codes) owners = owners.where('code', 'in', codes.length ? codes : ['\u0000']);
  const parties = await owners.execute();
  if (!parties.length) return [];
  const wanted = parties.map((p) => p.code);
  const [openings, postings, pending, settings] = await Promise.all([
    db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id')
      .select(['p.entity', sql<string>`sum(p.amount)`.as('total')])
      .where('t.date', '<', first).where('p.entity', 'in', wanted).groupBy('p.entity').execute(),
    db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id')
      .select(['p.entity', 't.date', 't.ref', 't.kind', 't.memo', 'p.description', 'p.door', 'p.amount'])
      // A booking's allocation txn belongs to one revision of it (bookings/sync.ts).
      .select((eb) => eb.selectFrom('booking_allocation as ba').whereRef('ba.txn_id', '=', 't.id').select((e) => e.fn.max('ba.revision').as('r')).as('revision'))
      .where('t.date', '>=', first).where('t.date', '<=', last).where('p.entity', 'in', wanted)
      .orderBy('p.entity').orderBy('t.date').orderBy('t.id').orderBy('p.id').execute(),
    // As at the month's last day: a reprint after month end raised next month's fees shows what the original did.
    pendingCharges(db, { asAt: last }),
    db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['default_statement_format', 'statement_message_owners']).execute(),
  ]);
  const setting = (k: string) => settings.find((s) => s.key === k)?.value;
  const defaultFormat = setting('default_statement_format') === 'SUM' ? 'SUM' : 'DET';
  const message = typeof setting('statement_message_owners') === 'string' ? (setting('statement_message_owners') as string) : null;
  const openingOf = new Map(openings.map((o) => [o.entity, Number(o.total)]));
  const pendingOf = new Map<string, number>();
  for (const p of pending) pendingOf.set(p.entity, (pendingOf.get(p.entity) ?? 0) + p.total);
  const linesOf = new Map<string, typeof postings>();
  for (const p of postings) {
    const list = linesOf.get(p.entity) ?? [];
    list.push(p);
    linesOf.set(p.entity, list);
  }
  return parties.map((o) => {
    const opening = openingOf.get(o.code) ?? 0;
    let running = opening;
    const kinds = new Map<string, number>();
    const lines = (linesOf.get(o.code) ?? []).map((p) => {
      const amount = Number(p.amount);
      running += amount;
      kinds.set(p.kind, (kinds.get(p.kind) ?? 0) + amount);
      const revision = p.revision == null ? null : Number(p.revision);
      const description = p.description || p.memo;
      return { date: p.date, ref: p.ref, kind: p.kind, door: p.door, description: revision === null ? description : `${description} (revision ${revision})`, amount, balance: running, revision };
    });
    const holds = [
      { label: `Hold always${o.hold_always_reason ? ` (${o.hold_always_reason})` : ''}`, amount: Number(o.hold_always) },
      { label: `Hold this month${o.hold_this_month_reason ? ` (${o.hold_this_month_reason})` : ''}`, amount: Number(o.hold_this_month) },
    ].filter((h) => h.amount !== 0);
    const format: 'DET' | 'SUM' = o.statement_format === 'SUM' ? 'SUM' : o.statement_format === 'DET' ? 'DET' : defaultFormat;
    return {
      code: o.code,
      name: o.name,
      address: [o.address ?? '', [o.town, o.state, o.postcode].filter(Boolean).join(' ')].filter(Boolean),
      format,
      year,
      month,
      opening,
      closing: running,
      lines,
      byKind: [...kinds.entries()].map(([kind, amount]) => ({ kind, amount })),
      pending: pendingOf.get(o.code) ?? 0,
      holds,
      notes: o.statement_notes,
      message,
    };
  });
}

/** The owner statement's title: its own PDF's, or its heading where several share one PDF. */
export const statementTitle = (s: Pick<OwnerStatement, 'code' | 'name'>) => `Owner Statement - ${s.name} (${s.code})`;

/** The owner statement as a PDF on the shared letterhead frame (month end, the owner's statement action). */
export function ownerStatementPdf(s: OwnerStatement, letterhead: Letterhead, printedAt: Date): Uint8Array {
  const pdf = new PdfDocument({ letterhead, title: statementTitle(s), selection: monthYearStartCase(s.month, s.year), printedAt });
  drawOwnerStatement(pdf, s);
  return pdf.bytes();
}

/**
 * Draws one statement's body (address, opening, the lines or totals by kind, closing, pending,
 * holds, notes) from the current position of a PDF: its own document, or a page of the
 * Statements report that holds every selected owner's.
 */
export function drawOwnerStatement(pdf: PdfDocument, s: OwnerStatement): void {
  if (s.address.length) pdf.paragraph([s.name, ...s.address].join('\n'));
  pdf.block([{ label: 'Opening balance', value: moneyText(s.opening) }]);
  if (s.format === 'DET') {
    pdf.table({
      columns: [
        { header: 'Date', kind: 'date', value: (r) => r.date, width: 14 },
        { header: 'Ref', value: (r) => r.ref, width: 12 },
        { header: 'Door', value: (r) => r.door ?? '', width: 8 },
        { header: 'Details', value: (r) => r.description, width: 40 },
        { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 13, total: true },
        { header: 'Balance', kind: 'money', value: (r) => r.balance, width: 13 },
      ],
      rows: s.lines,
      totalsLabel: 'Movement for the month',
    }, { emptyText: 'No transactions this month.' });
  } else {
    pdf.table({
      columns: [
        { header: 'Transactions', value: (r) => kindName(r.kind), width: 60 },
        { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 20, total: true },
      ],
      rows: s.byKind,
      totalsLabel: 'Movement for the month',
    }, { emptyText: 'No transactions this month.' });
  }
  pdf.block([
    { label: 'Closing balance', value: moneyText(s.closing), strong: true },
    { label: 'Pending charges', value: moneyText(s.pending) },
    ...s.holds.map((h) => ({ label: h.label, value: moneyText(h.amount) })),
  ]);
  if (s.notes) pdf.heading('Notes').paragraph(s.notes);
  if (s.message) pdf.paragraph(s.message);
}

export const statementFilename = (s: { code: string; year: number; month: number }) =>
  `Statement-${s.code}-${s.year}-${String(s.month).padStart(2, '0')}.pdf`;
