import type { Kysely } from 'kysely';
import { BUSINESS_ENTITY_CODE } from '../contracts/entity.js';
import type { CompanyTables } from '../db/schema.js';
import type { Letterhead } from './pdf.js';

type Db = Kysely<CompanyTables>;

/** Where the company is when its control record names no time zone (issue 8's default). */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

/** The company's time zone (control setting time_zone): documents print its wall-clock time. */
export async function companyTimeZone(db: Db): Promise<string> {
  const row = await db.selectFrom('control_setting').select('value').where('key', '=', 'time_zone').executeTakeFirst();
  return typeof row?.value === 'string' && row.value ? row.value : DEFAULT_TIME_ZONE;
}

/**
 * The letterhead every document carries: the company's name, the business entity's address and
 * ABN, the trust licence (control licencee_name, licence_no) and the logo of Control Settings.
 */
export async function readLetterhead(db: Db, companyName: string): Promise<Letterhead> {
  const [settings, business, timeZone] = await Promise.all([
    db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['logo', 'licencee_name', 'licence_no']).execute(),
    db.selectFrom('entity').select(['name', 'address', 'town', 'state', 'postcode', 'abn', 'phone1', 'email']).where('code', '=', BUSINESS_ENTITY_CODE).executeTakeFirst(),
    companyTimeZone(db),
  ]);
  const setting = (k: string) => {
    const v = settings.find((s) => s.key === k)?.value;
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const join = (parts: (string | null | undefined)[], sep = ' ') => parts.filter((p) => p && p.trim()).join(sep);
  const licence = join([setting('licencee_name'), setting('licence_no') && `Licence ${setting('licence_no')}`], ', ');
  const logo = setting('logo');
  return {
    companyName,
    address: [
      business?.address ?? '',
      join([business?.town, business?.state, business?.postcode]),
      join([business?.abn && `ABN ${business.abn}`, business?.phone1 && `Phone ${business.phone1}`, business?.email], '  '),
      licence,
    ].filter(Boolean),
    logo: logo && logo.startsWith('data:image/png;base64,') ? logo : null,
    timeZone,
  };
}
