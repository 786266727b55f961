import { afterEach, describe, expect, it } from 'vitest';
import { passwordMatches } from '../auth/passwords.js';
import { DEMO_PASSWORDS, readConfig } from '../config.js';
import { type Database, openDatabase } from '../db/open.js';
import { finishDemoBooks, prepareDatabase } from './first-start.js';

/** Issue 8 item 9: first users and their passwords, in the demo and in production. */
let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});
const fresh = async () => (db = await openDatabase({}));
const hashOf = async (id: string) => (await db!.control.selectFrom('app_user').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

describe('first start', () => {
  it('production (HOST not loopback) generates first passwords, never the public ones', async () => {
    const config = readConfig({ HOST: '0.0.0.0' });
    expect(config.production).toBe(true);
    const report = await prepareDatabase(await fresh(), config);
    expect(report.createdUsers.map((u) => [u.id, u.generated])).toEqual([['ADMIN', true], ['SUPPORT', true]]);
    for (const u of report.createdUsers) {
      expect(u.password).not.toBe(DEMO_PASSWORDS.admin);
      expect(u.password.length).toBeGreaterThanOrEqual(16);
      expect(await passwordMatches(await hashOf(u.id), u.password)).toBe(true);
    }
    expect(await passwordMatches(await hashOf('SUPPORT'), DEMO_PASSWORDS.support)).toBe(false);
  });

  it('production refuses the public passwords and creates nothing', async () => {
    for (const env of [{ NODE_ENV: 'production', ADMIN_PASSWORD: DEMO_PASSWORDS.admin }, { HOST: '10.0.0.5', SUPPORT_PASSWORD: DEMO_PASSWORDS.support }]) {
      const database = await fresh();
      await expect(prepareDatabase(database, readConfig(env))).rejects.toThrow(/public demo password/);
      expect(await database.control.selectFrom('app_user').select('id').execute()).toEqual([]);
      await database.close();
      db = undefined;
    }
  });

  it('the demo keeps its public passwords; a deleted user stays deleted at the next start', async () => {
    const config = readConfig({});
    expect(config.production).toBe(false);
    const database = await fresh();
    const first = await prepareDatabase(database, config);
    expect(first.createdUsers.map((u) => u.password)).toEqual([DEMO_PASSWORDS.admin, DEMO_PASSWORDS.support]);
    await finishDemoBooks(database, first, async () => {});
    await database.control.deleteFrom('app_user').where('id', '=', 'ADMIN').execute();
    const again = await prepareDatabase(database, config);
    expect(again.createdUsers).toEqual([]);
    expect(await database.control.selectFrom('app_user').select('id').execute()).toEqual([{ id: 'SUPPORT' }]);
  });
});
