import type { Kysely } from 'kysely';
import type { CompanyTables } from '../db/schema.js';

/** For each matched bank item, the statement lines it is matched to ('date description amount', joined). */
export async function matchedLines(db: Kysely<CompanyTables>): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('bank_match_item as m')
    .innerJoin('bank_statement_line as l', 'l.match_id', 'm.match_id')
    .select(['m.item', 'l.date', 'l.description', 'l.amount'])
    .orderBy('l.date')
    .orderBy('l.id')
    .execute();
  const out = new Map<string, string>();
  for (const r of rows) {
    const text = `${r.date} ${r.description} ${(Number(r.amount) / 100).toFixed(2)}`;
    out.set(r.item, out.has(r.item) ? `${out.get(r.item)}; ${text}` : text);
  }
  return out;
}
