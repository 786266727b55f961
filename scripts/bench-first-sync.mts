/**
 * Issue 9's first-sync figure, run by scripts/bench.mjs: a booking system (the simulator) holding
 * the big seed's holiday units and about half a year of their bookings (some 30,000), linked to
 * BIGTRUST, then one whole sync through the API (POST /api/sync) timed until its progress ends.
 *
 *   node --import tsx scripts/bench-first-sync.mts <api base url> <database url> <bearer token> [days]
 *
 * `days` (default 150) is how far back the stays start: 15 gives about 3,000 bookings, for a quick
 * comparison of two builds.
 *
 * Prints one line: FIRST-SYNC {"bookings":n,"ms":n,"status":"done","message":"..."}.
 */
import postgres from 'postgres';
import { addDays, dateInZone } from '../api/src/ledger/business-date.js';
import { BookingSimulator, serveSimulator } from '../api/src/bookings/simulator.js';

const [base, databaseUrl, token, days = '150'] = process.argv.slice(2);
if (!base || !databaseUrl || !token) throw new Error('usage: bench-first-sync.mts <api base url> <database url> <token>');
const COMPANY = 'BIGTRUST';
const schema = `co_${COMPANY.toLowerCase()}`;

const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const units = await sql.unsafe(`select door, name, unittype from ${schema}.unit where class = 'HOLIDAY' and not inactive and unittype is not null order by door`);
const types = await sql.unsafe(`select id, name from ${schema}.unit_type order by id`);
const sim = new BookingSimulator();
sim.setUnits(units.map((u) => ({ door: u.door as string, name: String(u.name).slice(0, 40), unitType: u.unittype as string })), types.map((t) => ({ id: t.id as string, name: t.name as string })));
const today = dateInZone();
// One stay after another on every door (perUnitPerMonth 1: stays of up to four weeks with short
// gaps), from five months back to a month ahead: about ten bookings a door.
sim.generate({ seed: 9, from: addDays(today, -Number(days)), to: addDays(today, 30), today, perUnitPerMonth: [1, 1] });
const running = await serveSimulator(sim, { user: 'bench', password: 'bench-sync-password' });
for (const [key, value] of [['gp_host', running.url], ['gp_user', 'bench'], ['gp_pwd', 'bench-sync-password']]) {
  await sql.unsafe(`insert into ${schema}.control_setting (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value`, [key, value]);
}
await sql.end();

const headers = { Authorization: `Bearer ${token}`, 'X-Database': COMPANY };
const started = performance.now();
const res = await fetch(`${base}/api/sync`, { method: 'POST', headers });
const body = (await res.json()) as { data?: { id: string }; message?: string };
if (res.status !== 200 || !body.data) throw new Error(`POST /api/sync answered ${res.status}: ${body.message}`);
let progress: { active: boolean; status: string; message: string } | undefined;
do {
  await new Promise((r) => setTimeout(r, 250));
  progress = ((await (await fetch(`${base}/api/progress/${body.data.id}`, { headers })).json()) as { data: typeof progress }).data;
} while (progress?.active);
const ms = Math.round(performance.now() - started);
console.log(`FIRST-SYNC ${JSON.stringify({ bookings: sim.all().length, ms, status: progress?.status, message: progress?.message })}`);
await running.close();
