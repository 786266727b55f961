import type { Kysely } from 'kysely';
import { type GstCodeInput, gstCodeContract } from '../contracts/reference.js';
import type { CompanyTables } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { fromHundredths, toHundredths } from '../money/cents.js';
import { referenceResource } from './resource.js';
import { referencedBy } from './rules.js';

/** GST (tax) codes; rates are whole percents, the payer's surcharge kept in hundredths of a percent. */
export const gstCodeRoutes = (deps: AppDeps) =>
  referenceResource<GstCodeInput>(deps, {
    label: 'GST code',
    table: 'gst_code',
    key: 'code',
    keyKind: 'code',
    schema: gstCodeContract,
    toRow: (input) => ({ ...input, surcharge_payer: toHundredths(input.surcharge_payer) }),
    toView: (row) => ({ code: row.code, name: row.name, rate: row.rate, surcharge_payer: fromHundredths(row.surcharge_payer as number), inactive: row.inactive }),
    access: 'p_mgt',
    orderBy: 'code',
    searchColumns: ['code', 'name'],
    inUse: (db, key) => referencedBy(db, 'account', 'gstcode', key, 'account'),
  });

/** The GST rate (whole percent) of each account whose GST code carries one: what gstOnFee charges on a fee to that account. */
export async function accountGstRates(db: Kysely<CompanyTables>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('account').innerJoin('gst_code', 'gst_code.code', 'account.gstcode').select(['account.id', 'gst_code.rate'])
    .where('gst_code.rate', '>', 0).execute();
  return new Map(rows.map((r) => [r.id, Number(r.rate)]));
}
