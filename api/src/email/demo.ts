import type { Database } from '../db/open.js';
import { schemaNameFor } from '../db/open.js';
import { openPeriod } from '../ledger/ledger.js';
import { queueStatementEmails } from './compose.js';

/**
 * The demo's Email Log is not empty: on a demo start whose company has no e-mail yet, last month's
 * statements of five owners are queued; the worker delivers them to the loopback SMTP server, so a
 * newcomer sees Sent rows with their PDFs (and the .eml files in DATA_DIR/mail).
 */
export async function queueDemoEmails(db: Database, company: { code: string; name: string }, userCode: string): Promise<number> {
  const books = db.company(schemaNameFor(company.code));
  if (await books.selectFrom('email_log').select('id').limit(1).executeTakeFirst()) return 0;
  const owners = await books.selectFrom('entity').select('code').where('type', '=', 'OWNER').where('email', 'is not', null).where('inactive', '=', false).orderBy('code').limit(5).execute();
  if (!owners.length) return 0;
  const open = await openPeriod(books);
  const previous = open.month === 1 ? { year: open.year - 1, month: 12 } : { year: open.year, month: open.month - 1 };
  const r = await queueStatementEmails(books, { ...previous, codes: owners.map((o) => o.code), userCode, userName: 'Administrator', companyName: company.name });
  return r.queued;
}
