import { type CardTypeInput, cardTypeContract } from '../contracts/reference.js';
import type { AppDeps } from '../deps.js';
import { fromHundredths, toHundredths } from '../money/cents.js';
import { referenceResource } from './resource.js';
import { namedInHistory } from './rules.js';

/** Card types with owner and payer surcharges (percent on the wire, hundredths in the database). */
export const cardTypeRoutes = (deps: AppDeps) =>
  referenceResource<CardTypeInput>(deps, {
    label: 'Card type',
    table: 'card_type',
    key: 'code',
    keyKind: 'code',
    schema: cardTypeContract,
    toRow: (input) => ({ ...input, surcharge_owner: toHundredths(input.surcharge_owner), surcharge_payer: toHundredths(input.surcharge_payer) }),
    toView: (row) => ({
      code: row.code, name: row.name, surcharge_owner: fromHundredths(row.surcharge_owner as number),
      surcharge_payer: fromHundredths(row.surcharge_payer as number), inactive: row.inactive,
    }),
    access: 'p_mgt',
    orderBy: 'code',
    searchColumns: ['code', 'name'],
    inUse: (db, key) => namedInHistory(db, 'cashbook', 'card_type', key, 'past receipts were paid with it'),
  });
