import type { Kysely } from 'kysely';
import { entityDefaults } from '../companies/starter-books.js';
import type { CompanyTables } from '../db/schema.js';


/**
 * A small cast of parties for ledger tests, inserted directly (the entity and unit routes are
 * tested on their own): two owners (OWNSMITH with doors 101 and 102, OWNJONES with 201), two
 * suppliers, a tenant, with bank details where EFT needs them.
 */
export async function addTestParties(db: Kysely<CompanyTables>): Promise<void> {
  await db.insertInto('entity').values([
    { ...entityDefaults, code: 'OWNSMITH', type: 'OWNER', category: 'HOLIDAY', name: 'Jane Smith', email: 'jane.smith@example.com', address: '1 Beach Rd', town: 'Noosa', state: 'QLD', postcode: '4567', bank_bsb: '062-001', bank_account_number: '11112222', bank_account_name: 'J Smith' },
    { ...entityDefaults, code: 'OWNJONES', type: 'OWNER', category: 'HOLIDAY', name: 'Robert Jones', email: 'rob.jones@example.com', bank_bsb: '083-004', bank_account_number: '33334444', bank_account_name: 'R Jones' },
    { ...entityDefaults, code: 'SUPCLEAN', type: 'SUPPLIER', category: 'TRADES', name: 'Sparkle Cleaning Co', bank_bsb: '034-002', bank_account_number: '55556666', bank_account_name: 'Sparkle Cleaning' },
    { ...entityDefaults, code: 'SUPPLUMB', type: 'SUPPLIER', category: 'TRADES', name: 'Reliable Plumbing', disburse_method: 'CHEQUE' },
    { ...entityDefaults, code: 'TENBROWN', type: 'TENANT', category: 'TENANTS', name: 'Alex Brown' },
  ]).execute();
  await db.insertInto('unit').values([
    { door: '101', name: 'Ocean View 101', unittype: 'ONEBED', class: 'HOLIDAY', entity: 'OWNSMITH' },
    { door: '102', name: 'Ocean View 102', unittype: 'TWOBED', class: 'HOLIDAY', entity: 'OWNSMITH' },
    { door: '201', name: 'Garden Studio 201', unittype: 'STUDIO', class: 'HOLIDAY', entity: 'OWNJONES' },
  ]).execute();
}
