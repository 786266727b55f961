import type { Kysely } from 'kysely';
import { postPreparedReceipts, prepareReceipts } from '../cashbook/receipts.js';
import { entityDefaults } from '../companies/starter-books.js';
import { receiptContract } from '../contracts/cashbook.js';
import { tenancyContract } from '../contracts/tenancy.js';
import type { CompanyTables } from '../db/schema.js';
import { addDays } from '../ledger/business-date.js';
import { createCharge } from '../charges/charges.js';
import { chargeContract } from '../contracts/charges.js';
import { createTenancy, raiseRent, readTenancy } from '../tenancies/tenancies.js';

type Db = Kysely<CompanyTables>;

/** The bond authority the demo lodges bonds with (a supplier: bonds are paid to it, never to owners). */
export const DEMO_BOND_AUTHORITY = 'RTABOND';

/**
 * A handful of tenancies on the demo's permanent-rental units (spec 3 §2 'Permanent Rentals'),
 * made through the tenancy, charge and receipt functions the screens use: each raises its rent to
 * today plus its advance days; most tenants have paid to date, one is three weeks in arrears,
 * one started this month with a four-week bond charged and receipted, one is monthly and paid
 * ahead. The tenant in arrears also owes a repair charge (Other Charges). Run after the books, in the open month.
 */
export async function postDemoTenancies(db: Db, userId: string, today: string): Promise<{ tenancies: number; arrears: number; receipts: number }> {
  const units = await db.selectFrom('unit as u').innerJoin('entity as o', 'o.code', 'u.entity')
    .select(['u.door']).where('u.class', '=', 'PERMANENT').where('u.inactive', '=', false).orderBy('u.door').execute();
  const tenants = await db.selectFrom('entity').select(['code', 'name', 'email']).where('type', '=', 'TENANT').orderBy('code').execute();
  const plans = [
    { weeksAgo: 10, frequency: 'W', rent: 520, paidPeriods: 10, bond: 0 },
    { weeksAgo: 8, frequency: 'W', rent: 610, paidPeriods: 5, bond: 0 }, // three weeks in arrears
    { weeksAgo: 1, frequency: 'W', rent: 480, paidPeriods: 1, bond: 1920 },
    { weeksAgo: 6, frequency: 'M', rent: 2400, paidPeriods: 2, bond: 0 },
    { weeksAgo: 3, frequency: 'F', rent: 1100, paidPeriods: 1, bond: 0 },
  ].slice(0, Math.min(units.length, tenants.length));
  if (!plans.length) return { tenancies: 0, arrears: 0, receipts: 0 };
  await db.insertInto('entity').values({ ...entityDefaults, code: DEMO_BOND_AUTHORITY, type: 'SUPPLIER', category: 'TRADES', name: 'Residential Tenancies Authority', disburse_method: 'CHEQUE' })
    .onConflict((oc) => oc.column('code').doNothing()).execute();
  let arrears = 0;
  let receipts = 0;
  for (const [i, plan] of plans.entries()) {
    const unit = units[i]!;
    // The demo's tenant of the door when its code fits a tenancy's 4 to 10 characters, else a new code for that tenant.
    const known = tenants[i]!;
    const tenant = { ...known, code: known.code.length <= 10 ? known.code : `TEN${unit.door}`.replace(/[^A-Z0-9]/gi, '').slice(0, 10).toUpperCase() };
    const start = addDays(today, -7 * plan.weeksAgo);
    const expiry = addDays(start, 52 * 7 - 1);
    const input = tenancyContract.parse({
      door: unit.door, account_id: 'RENT', entity: tenant.code, name: tenant.name, email: tenant.email ?? `${tenant.code.toLowerCase()}@example.net.au`,
      phone: `04${String(10_000_000 + i * 1_234_567).slice(0, 8)}`, commission: 8.8, start_date: start, duration: 52, expiry_date: expiry, end_date: expiry,
      frequency: plan.frequency, advance_days: 14, value: plan.rent, lease_reference: `LEASE-${unit.door}`, bond_applies: plan.bond > 0, bond: plan.bond,
      bond_date: plan.bond > 0 ? start : null, bond_entity: plan.bond > 0 ? DEMO_BOND_AUTHORITY : null, bond_notes: plan.bond > 0 ? 'Four weeks rent, lodged with the RTA' : null,
      bond_create_charge: plan.bond > 0, notes: i === 1 ? 'Arrears: reminder sent; payment plan discussed.' : null,
    });
    await db.transaction().execute(async (trx) => {
      const id = await createTenancy(trx, userId, input, today);
      await raiseRent(trx, userId, { tenancyId: id, today });
      if (i === 1) {
        // The tenant in arrears also owes another charge (the tenancy editor's Add Charge): it shows under Other Charges.
        await createCharge(trx, userId, chargeContract.parse({
          date: today, payer_type: 'TENANT', entity: tenant.code, door: null, recipient_type: 'BUSINESS', recipient: 'BUSINESS',
          memo: 'Replacement key and lock barrel', name: tenant.name, items: [{ account_id: 'REPAIRS', door: unit.door, description: `Replacement key ${unit.door}`, amount: 85 }],
        }));
      }
      const t = (await readTenancy(trx, id, today))!;
      const rent = t.items.filter((it) => it.source === 'RENT').slice(0, plan.paidPeriods);
      const bond = t.items.filter((it) => it.source === 'BOND');
      const items = [...rent, ...bond];
      if (!items.length) return;
      const receipt = receiptContract.parse({
        date: today, payer_type: 'TENANT', payer_entity: tenant.code, method: 'EFT', memo: `Rent ${unit.door}`, tran_ref: `DD-${tenant.code}`,
        items: items.map((it) => ({ selector: 'CHARGE', ref: String(it.id), entity: tenant.code, door: unit.door, description: it.description, amount: it.amount })),
      });
      const [posted] = await postPreparedReceipts(trx, await prepareReceipts(trx, [{ userId, input: receipt }]));
      if (!posted?.ok) throw posted?.error ?? new Error('Demo rent receipt refused');
      receipts++;
      if ((await readTenancy(trx, id, today))!.arrears > 0) arrears++;
    });
  }
  return { tenancies: plans.length, arrears, receipts };
}
