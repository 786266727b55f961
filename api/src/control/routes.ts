import { Hono } from 'hono';
import { hasPermission, hasSetupScreen } from '../contracts/permissions.js';
import type { Kysely } from 'kysely';
import {
  CONTROL_SECRET_KEYS, CONTROL_SETTING_KEYS, type ControlSettings, SYSTEM_CONTROL_KEYS, controlLogoContract, controlSettingsContract,
  controlStartQuery, controlValueContract,
} from '../contracts/control.js';
import type { AppDeps } from '../deps.js';
import { badRequest, conflict } from '../http/errors.js';
import type { AppEnv, CompanyContext, SessionUser } from '../http/env.js';
import { assertNoMonthEndLock } from '../http/month-end-lock.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { businessDate } from '../ledger/business-date.js';
import { writeLog } from '../log/system-log.js';
import { raiseRent } from '../tenancies/tenancies.js';
import { applyMonthlyFees } from '../units/fees.js';
import { fitLogo } from './logo.js';
import {
  assertSettingReferences, changedKeys, controlInfo, controlRecord, ledgerFigures, readStored, settingsDiff,
  settingsOf, writeSettings,
} from './settings.js';

const companyDb = (company: CompanyContext) => company.db as unknown as Kysely<any>;

/** The open period: readable here, moved only by month end (issue 8: editing it reopened closed months). */
const PERIOD_KEYS = ['current_year', 'current_month'];
const periodLocked = () => conflict('The open period (current_year, current_month) moves only through Month End and cannot be edited', { field: 'current_period' });

/** One change row per save: the trust account's details are history regulators ask for. */
const logSettings = (trx: Kysely<any>, company: CompanyContext, user: SessionUser, method: string, message: string, diff: { before: unknown; after: unknown }) =>
  writeLog(trx, {
    database: company.code, severity: 'CHANGE', message, identity: user.id, routine: 'control', method, apicall: '/control', recordKey: 'control', ...diff,
  });

/**
 * Settings only the Control Settings screen shows: the trust bank account and the booking-system
 * link (its password itself is never answered to anyone). The screen is the Setup tab's
 * (p_set_up) Control Settings item (p_mgt); p_mgt alone is also what every Management screen
 * needs (spec 1 §2.1), so it alone does not show them.
 */
const CONTROL_SCREEN_ONLY_KEYS = ['bank_code', 'bank_account_name', 'bank_account_number', 'bank_account_id', 'bank_bsb', 'gp_host', 'gp_user', 'gp_pwd', 'gp_pwd_set'] as const;

/** Control settings, logo, start of day and the control info of spec 1 §3.3 and spec 3 §2 'Control Settings'. */
export function controlRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  /**
   * Every user reads what the shell and the screens need (company name, open period, today,
   * receipt texts); the trust bank account and the booking-system link only with the flags of the
   * Control Settings screen, which shows them (issue 8 item 20).
   */
  app.get('/', requires('company'), async (c) => {
    const company = c.get('company');
    const [stored, figures] = await Promise.all([readStored(companyDb(company)), ledgerFigures(company.db)]);
    const record: Record<string, unknown> = { ...controlRecord(stored, company), ...figures };
    if (!hasSetupScreen(c.get('user').permissions)) for (const key of CONTROL_SCREEN_ONLY_KEYS) delete record[key];
    return c.json({ data: record });
  });

  app.get('/info', requires('company'), async (c) => {
    const company = c.get('company');
    const [stored, figures] = await Promise.all([readStored(companyDb(company)), ledgerFigures(company.db)]);
    return c.json({ data: controlInfo({ ...controlRecord(stored, company), ...figures }) });
  });

  app.post('/', requires('p_mgt'), jsonBody(controlSettingsContract), async (c) => {
    const input = c.req.valid('json') as ControlSettings;
    const company = c.get('company');
    const record = await companyDb(company).transaction().execute(async (trx) => {
      const stored = await readStored(trx, true);
      const before = settingsOf(stored);
      // The form never holds the stored secret, so an empty one means "unchanged".
      const after: Record<string, unknown> = { ...input };
      for (const key of CONTROL_SECRET_KEYS) if (!input[key]) after[key] = before[key];
      await assertSettingReferences(trx, input);
      const keys = changedKeys(before, after);
      if (keys.some((k) => PERIOD_KEYS.includes(k))) throw periodLocked();
      if (keys.length) {
        await writeSettings(trx, Object.fromEntries(keys.map((k) => [k, after[k]])));
        await logSettings(trx, company, c.get('user'), 'POST', `Control settings changed: ${keys.join(', ')}`, settingsDiff(before, after, keys));
      }
      return controlRecord({ ...stored, ...after }, company);
    });
    return c.json({ data: record, message: 'Control Record Saved!' });
  });

  app.get('/logo', requires('p_mgt'), async (c) => {
    const row = await companyDb(c.get('company')).selectFrom('control_setting').select('value').where('key', '=', 'logo').executeTakeFirst();
    return c.json({ data: { logo: (row?.value as string | undefined) ?? null } });
  });

  app.put('/logo', requires('p_mgt'), jsonBody(controlLogoContract), async (c) => {
    const logo = await fitLogo(c.req.valid('json').logo);
    const company = c.get('company');
    await companyDb(company).transaction().execute(async (trx) => {
      const before = await readStored(trx, true);
      await writeSettings(trx, { logo: logo.dataUrl });
      await logSettings(trx, company, c.get('user'), 'PUT', 'Logo changed', {
        before: { logo: before.logo ? 'present' : null },
        after: { logo: `PNG 300x150, ${logo.bytes} bytes` },
      });
    });
    return c.json({ data: { logo: logo.dataUrl }, message: 'Control Record Saved!' });
  });

  /** Start of day (spec 1 §4.1): the client forces it when the control date is behind its own. */
  app.get('/start', requires('company'), queryParams(controlStartQuery), async (c) => {
    const company = c.get('company');
    const db = companyDb(company);
    const today = await businessDate(db);
    // Running it posts the month's unit fees: the Daily Task flag's work. The shell asks at every
    // start; a user without the flag gets the state, as without force, never a refusal.
    if (c.req.valid('query').force !== 'true' || !hasPermission(c.get('user').permissions, 'p_daily_task')) {
      const stored = await readStored(db);
      return c.json({ data: { today: (stored.last_start_date as string | undefined) ?? today, ran: false } });
    }
    await assertNoMonthEndLock(db, c.get('user').id);
    const result = await db.transaction().execute(async (trx) => {
      const last = (await readStored(trx, true)).last_start_date as string | undefined;
      if (last && last >= today) return { today: last, ran: false };
      await writeSettings(trx, { last_start_date: today });
      await applyMonthlyFees(trx, c.get('user').id, { date: today });
      // Advance rent: each active tenancy's periods starting within its advance_days.
      await raiseRent(trx as never, c.get('user').id, { today });
      await writeLog(trx, {
        database: company.code, severity: 'INFO', message: `Start of day run for ${today}`, identity: c.get('user').id,
        routine: 'start_of_day', method: 'GET', apicall: '/control/start', recordKey: today,
        before: { last_start_date: last ?? null }, after: { last_start_date: today },
      });
      return { today, ran: true };
    });
    return c.json({ data: result });
  });

  app.put('/:key', requires('p_mgt'), jsonBody(controlValueContract), async (c) => {
    const key = c.req.param('key');
    if (PERIOD_KEYS.includes(key)) throw periodLocked();
    if ((SYSTEM_CONTROL_KEYS as readonly string[]).includes(key)) throw badRequest(`Control setting ${key} is kept by the system and cannot be edited`);
    if (!(CONTROL_SETTING_KEYS as readonly string[]).includes(key)) throw badRequest(`Unknown control setting ${key.slice(0, 60)}`);
    const schema = controlSettingsContract.shape[key as keyof ControlSettings];
    const parsed = schema.safeParse(c.req.valid('json').value);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ path: key, msg: i.message }));
      throw badRequest(errors.map((e) => `${key}: ${e.msg}`).join('; '), { errors });
    }
    const value = parsed.data;
    const company = c.get('company');
    await companyDb(company).transaction().execute(async (trx) => {
      const before = settingsOf(await readStored(trx, true));
      await assertSettingReferences(trx, { [key]: value });
      const after = { ...before, [key]: value };
      if (!changedKeys(before, after).length) return;
      await writeSettings(trx, { [key]: value });
      await logSettings(trx, company, c.get('user'), 'PUT', `Control setting changed: ${key}`, settingsDiff(before, after, [key]));
    });
    const secret = (CONTROL_SECRET_KEYS as readonly string[]).includes(key);
    return c.json({ data: { key, value: secret ? null : value }, message: 'Control Record Saved!' });
  });

  return app;
}
