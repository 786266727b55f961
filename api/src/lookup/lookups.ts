import { type CompiledQuery, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { ACCOUNT_TYPES, ENTITY_TYPES, STATEMENT_FORMATS } from '../contracts/common.js';
import { LOOKUP_LISTS, type LookupData, type LookupList, MONTH_NAMES } from '../contracts/lookup.js';
import { fromHundredths, toDollars } from '../money/cents.js';
import { businessDay } from '../ledger/business-date.js';

type Query = SelectQueryBuilder<any, any, any>;
type Rows = Record<string, unknown>[];

const ENTITY_TYPE_NAMES: Record<string, string> = {
  BUSINESS: 'Business', OWNER: 'Owner', SUPPLIER: 'Supplier', TENANT: 'Tenant', POOL: 'Pool', UNALLOC: 'Unallocated Funds',
};
const codeList = (entries: Record<string, string>) => Object.entries(entries).map(([code, description]) => ({ code, description }));

/** The database lists: the answer's name and the query (active rows unless asked otherwise). */
function listQueries(db: Kysely<any>, active: (q: Query) => Query, addresses: boolean): Partial<Record<LookupList, [string, Query]>> {
  const entityColumns = addresses ? ['code', 'type', 'name', 'address', 'town', 'state', 'postcode', 'inactive'] : ['code', 'type', 'name', 'inactive'];
  return {
    ACCOUNT: ['account', active(db.selectFrom('account').select(['id', 'description', 'type', 'gstcode', 'entity', 'inactive']).orderBy('id'))],
    CATEGORY: ['category', active(db.selectFrom('category').select(['code', 'name', 'type', 'inactive']).orderBy('code'))],
    ENTITY: ['entity', active(db.selectFrom('entity').select(entityColumns).orderBy('code'))],
    UNIT: ['unit', active(db.selectFrom('unit').select(['door', 'name', 'entity', 'unittype', 'inactive']).orderBy('door'))],
    UNITTYPE: ['unitType', active(db.selectFrom('unit_type').select(['id', 'name', 'default_unit_class', 'annual_budget', 'inactive']).orderBy('id'))],
    UNITCLASS: ['unitClass', active(db.selectFrom('unit_class').select(['id', 'name', 'inactive']).orderBy('id'))],
    GST: ['gstCode', active(db.selectFrom('gst_code').select(['code', 'name', 'rate', 'inactive']).orderBy('code'))],
    BANK: ['bank', active(db.selectFrom('bank').select(['id', 'name', 'inactive']).orderBy('id'))],
    CARDTYPE: ['cardType', active(db.selectFrom('card_type').select(['code', 'name', 'surcharge_payer', 'surcharge_owner', 'inactive']).orderBy('code'))],
    TEMPLATE: ['templates', active(db.selectFrom('template').select(['name', 'description', 'inactive']).orderBy('name'))],
  };
}

/** Stored units to wire units, once, after the single query. */
const CONVERT: Record<string, (rows: Rows) => Rows> = {
  unitType: (rows) => rows.map((r) => ({ ...r, annual_budget: toDollars(r.annual_budget as number) })),
  cardType: (rows) => rows.map((r) => ({ ...r, surcharge_payer: fromHundredths(r.surcharge_payer as number), surcharge_owner: fromHundredths(r.surcharge_owner as number) })),
};

/** The one statement answering the database lists of a request. */
function lookupStatement(db: Kysely<any>, wanted: Set<LookupList>, includeInactive: boolean, addresses: boolean) {
  const active = (q: Query) => (includeInactive ? q : q.where('inactive', '=', false));
  const selected = Object.entries(listQueries(db, active, addresses)).filter(([list]) => wanted.has(list as LookupList)).map(([, v]) => v!);
  const needed = selected.length > 0 || wanted.has('BUSINESS') || wanted.has('PERIODS');
  if (!needed) return null;
  const query = db.selectNoFrom((eb) => [
    ...selected.map(([name, q]) => jsonArrayFrom(q).as(name)),
    ...(wanted.has('BUSINESS')
      ? [jsonObjectFrom(db.selectFrom('entity').select(['code', 'name', 'email', 'address', 'town', 'state', 'postcode', 'phone1', 'phone2', 'abn', 'acn'])
        .where('code', '=', 'BUSINESS')).as('business')]
      : []),
    ...(wanted.has('PERIODS')
      ? [eb.selectFrom('control_setting').select(sql<number>`(value #>> '{}')::int`.as('y')).where('key', '=', 'current_year').as('current_year')]
      : []),
  ]);
  return { query: query.compile(), names: selected.map(([name]) => name) };
}

// Building and compiling the statement costs more CPU than running it, and its text depends only
// on the company schema and the request's shape: compile each shape once.
const compiled = new Map<string, { query: CompiledQuery; names: string[] } | null>();
const STATEMENT_CACHE_LIMIT = 500;

export interface LookupOptions {
  /** The company schema: part of the compiled statement. */
  schema: string;
  lists: 'ALL' | LookupList[];
  includeInactive: boolean;
  /** The parties' addresses in ENTITY: only for users whose screens show them (PARTY_ADDRESS_FLAGS). */
  addresses: boolean;
  userKey: string;
}

/**
 * The lookup data the screens hold after startup (spec 1 §3.4). Every requested database list
 * is one json_agg sub-select of a single statement: one round trip and one pooled connection
 * per call, which is what keeps it fast when every open screen refreshes its lookups at once.
 */
export async function loadLookups(db: Kysely<any>, options: LookupOptions): Promise<LookupData> {
  // HEALTH and REPORTS are the route's (the server's and the user's, not the company's books).
  const wanted = new Set<LookupList>((options.lists === 'ALL' ? LOOKUP_LISTS : options.lists).filter((l) => l !== 'HEALTH' && l !== 'REPORTS'));
  const shape = `${options.schema}|${options.includeInactive}|${options.addresses}|${[...wanted].sort().join(',')}`;
  let statement = compiled.get(shape);
  if (statement === undefined) {
    statement = lookupStatement(db, wanted, options.includeInactive, options.addresses);
    if (compiled.size >= STATEMENT_CACHE_LIMIT) compiled.clear();
    compiled.set(shape, statement);
  }
  const data: LookupData = { userKey: options.userKey, sync: false };
  if (statement) {
    const row = (await db.executeQuery(statement.query)).rows[0] as Record<string, unknown>;
    for (const name of statement.names) (data as unknown as Record<string, unknown>)[name] = (CONVERT[name] ?? ((r: Rows) => r))(row[name] as Rows);
    if (wanted.has('BUSINESS')) data.business = (row.business as LookupData['business']) ?? null;
    if (wanted.has('PERIODS')) {
      const year = Number(row.current_year ?? businessDay().getFullYear());
      data.years = Array.from({ length: 6 }, (_, i) => year - i);
      data.months = MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name.slice(0, 3) }));
    }
  }
  if (wanted.has('ACCOUNTTYPE')) data.accountType = codeList(ACCOUNT_TYPES);
  if (wanted.has('ENTITYTYPE')) data.entityTypes = ENTITY_TYPES.map((code) => ({ code, description: ENTITY_TYPE_NAMES[code]! }));
  if (wanted.has('STATEMENTFORMAT')) data.statementFormats = codeList(STATEMENT_FORMATS);
  return data;
}
