import type { Kysely } from 'kysely';
import { ARCHIVE_PATHS, type ArchivePath, MIME, archiveFile } from '../archive/archive.js';
import type { DisburseRequest, DisbursedPayment, DisburseResult } from '../contracts/disbursement.js';
import { clockInZone, companyTimeZone, dateInZone } from '../ledger/business-date.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { lockDoors, openPeriod, postTxns } from '../ledger/ledger.js';
import { type TxnDraft, dateInPeriod } from '../ledger/posting-rules.js';
import { formatCents, toCents, toDollars } from '../money/cents.js';
import { AbaError, type AbaCredit, buildAba } from './aba.js';
import { type RowCents, disbursementRows } from './rows.js';

type Db = Kysely<CompanyTables>;

export const ABA_DESCRIPTION = 'OWNER DISB';

export interface DisburseContext {
  userId: string;
  companyCode: string;
  companyName: string;
  /** The archive folder: 'Disbursement', or 'Month End' when month end disburses. */
  archivePath?: ArchivePath;
  now?: Date;
}

/**
 * 'ABA-<company>-<yyyyMMdd-HHmmss>-<first payment number>.aba' in the company's time zone: the
 * payment number (unique in the company) keeps two disbursements in the same second apart (issue 8 item 17).
 */
export const abaFilename = (company: string, now: Date, timeZone: string, firstRef: string) =>
  `ABA-${company}-${dateInZone(timeZone, now).replace(/-/g, '')}-${clockInZone(timeZone, now)}-${firstRef}.aba`;


/** What the row would pay now, or why it cannot be paid as sent. */
export function refusal(sent: { code: string; disburse: number; disburse_allowed?: boolean }, row: RowCents | undefined): string | null {
  if (!row) return `${sent.code}: nothing left to disburse (no trust funds)`;
  if (!row.allowed) return `${sent.code}: ${row.holdReason}`;
  if (sent.disburse_allowed === false) return `${sent.code}: the row was sent as not allowed to disburse`;
  if (row.disburse <= 0) return `${sent.code}: nothing left to disburse`;
  const asked = toCents(sent.disburse);
  if (asked !== row.disburse) {
    return `${sent.code}: the amount sent (${formatCents(asked)}) differs from what can be disbursed now (${formatCents(row.disburse)}); refresh the disbursement list`;
  }
  return null;
}

async function abaSettings(trx: Db) {
  const keys = ['bank_code', 'bank_account_name', 'bank_account_id', 'bank_bsb', 'bank_account_number', 'disburse_account'];
  const rows = await trx.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', keys).execute();
  const v = (k: string) => {
    const found = rows.find((r) => r.key === k)?.value;
    return typeof found === 'string' ? found : '';
  };
  return { bankCode: v('bank_code'), userName: v('bank_account_name'), userId: v('bank_account_id'), bsb: v('bank_bsb'), account: v('bank_account_number'), disburseAccount: v('disburse_account') || 'DISBURSE' };
}

/**
 * Posts the chosen disbursement rows in the caller's transaction: each row is recomputed from
 * the locked balances (the amounts sent are never trusted: a difference or nothing left is a
 * 409 naming every row), one DISBURSE payment is posted per payee (owners split per door), all
 * of them as one postTxns batch, and every payee goes into one ABA file stored in the archive: a
 * party not paid by EFT is held by disbursementRows (spec 2 §4 'Holds') and paid from Payments.
 * Anything thrown rolls all of it back.
 */
export async function postDisbursement(trx: Db, items: DisburseRequest, ctx: DisburseContext): Promise<DisburseResult> {
  const now = ctx.now ?? new Date();
  const allCodes = items.map((i) => i.code).sort();
  const found = await trx.selectFrom('entity').select(['code', 'type']).where('code', 'in', allCodes).orderBy('code').forUpdate().execute();
  const missing = allCodes.filter((c) => !found.some((f) => f.code === c));
  if (missing.length) throw new ApiError(404, `Unknown entit${missing.length > 1 ? 'ies' : 'y'}: ${missing.join(', ')}`);
  // Units before balances, the order Change Owner and postTxns take them in.
  await lockDoors(trx, (await trx.selectFrom('ledger_balance').select('door').where('entity', 'in', allCodes).where('door', '<>', '').execute()).map((b) => b.door));
  // Lock the balances before reading them, so what is checked is what is paid.
  await trx.selectFrom('ledger_balance').select(['entity', 'door']).where('entity', 'in', allCodes).orderBy('entity').orderBy('door').forUpdate().execute();

  const rows = new Map((await disbursementRows(trx, allCodes)).map((r) => [r.code, r]));
  // A row held now (hold, bad bank account, money on a door its owner no longer holds) is left
  // out with its reason, so one such row does not refuse the others (issue 8 item 5).
  const held = items.filter((i) => rows.get(i.code) && !rows.get(i.code)!.allowed).map((i) => ({ code: i.code, reason: rows.get(i.code)!.holdReason! }));
  const heldCodes = new Set(held.map((h) => h.code));
  const problems = items.filter((i) => !heldCodes.has(i.code)).map((i) => ({ code: i.code, message: refusal(i, rows.get(i.code)) })).filter((p): p is { code: string; message: string } => p.message !== null);
  if (problems.length || held.length === items.length) {
    problems.push(...held.map((h) => ({ code: h.code, message: `${h.code}: ${h.reason}` })));
    throw new ApiError(409, problems.length === 1 ? problems[0]!.message : `${problems.length} rows cannot be disbursed as sent: ${problems.map((p) => p.message).join('; ')}`, { problems });
  }

  const codes = allCodes.filter((c) => !heldCodes.has(c));
  const settings = await abaSettings(trx);
  const period = await openPeriod(trx);
  const timeZone = await companyTimeZone(trx);
  const today = dateInZone(timeZone, now);
  const date = dateInPeriod(today, period);

  // One batch through the ledger (same checks as one by one, balances locked once, numbers as a block).
  const drafts: TxnDraft[] = codes.map((code) => {
    const row = rows.get(code)!;
    return {
      kind: 'DISBURSE',
      date,
      memo: `Disbursement to ${row.name} by EFT`,
      source: 'DISBURSE',
      sourceRef: code,
      postings: row.split.map((s) => ({ entity: code, door: s.door, accountId: settings.disburseAccount, amount: -s.amount, description: s.door ? `Disbursement (${s.door})` : 'Disbursement' })),
      cashbook: [{ date, method: 'EFT', amount: -row.disburse, payee: row.name, tranRef: `${row.bsb} ${row.accountNumber}`, sourceRef: code }],
    };
  });
  const posted = await postTxns(trx, ctx.userId, drafts);

  const payments: DisbursedPayment[] = [];
  const credits: AbaCredit[] = [];
  let eftTotal = 0;
  codes.forEach((code, i) => {
    const row = rows.get(code)!;
    const ref = posted[i]!.ref;
    payments.push({ code, name: row.name, method: 'EFT', ref, amount: toDollars(row.disburse) });
    credits.push({ bsb: row.bsb ?? '', account: row.accountNumber ?? '', amount: row.disburse, title: row.bankAccountName || row.name, reference: `DISB ${ref} ${code}` });
    eftTotal += row.disburse;
  });

  let aba: string | null = null;
  let filename: string | null = null;
  let archiveId: number | null = null;
  if (credits.length) {
    let file;
    try {
      file = buildAba({
        descriptive: { bankCode: settings.bankCode, userName: settings.userName, userId: settings.userId, description: ABA_DESCRIPTION, processingDate: today },
        trust: { bsb: settings.bsb, account: settings.account, title: settings.userName, remitter: ctx.companyName },
        credits,
      });
    } catch (e) {
      if (e instanceof AbaError) {
        const advice = e.field === 'total' ? 'disburse some of the payees first on the Disbursement screen, then the rest' : "check Control Settings and the payees' bank details";
        throw new ApiError(409, `The bank file cannot be built: ${e.message} (${advice})`, { field: e.field });
      }
      throw e;
    }
    if (!file || file.creditTotal !== eftTotal || file.debitTotal !== eftTotal) throw new Error(`ABA total ${file?.creditTotal} differs from the EFT payments ${eftTotal}`);
    aba = file.text;
    filename = abaFilename(ctx.companyCode, now, timeZone, payments.find((p) => p.method === 'EFT')!.ref);
    archiveId = await archiveFile(trx, {
      date: now, userCode: ctx.userId, path: ctx.archivePath ?? ARCHIVE_PATHS.DISBURSEMENT, name: filename, mime: MIME.aba, content: new Uint8Array(Buffer.from(aba, 'ascii')),
    });
  }

  return {
    aba,
    filename,
    archive_id: archiveId,
    total: toDollars(eftTotal),
    count: credits.length,
    payments,
    held,
  };
}

export function disburseMessage(r: DisburseResult): string {
  const all = r.payments.reduce((a, p) => a + toCents(p.amount), 0);
  let message = `Disbursed ${formatCents(all)} to ${r.payments.length} payee${r.payments.length === 1 ? '' : 's'}`;
  if (r.count) message += `; ${r.count} by EFT (${formatCents(toCents(r.total))}) in ${r.filename}`;
  if (r.held?.length) message += `; held: ${r.held.map((h) => `${h.code} (${h.reason})`).join(', ')}`;
  return message;
}
