/**
 * `npm run booking-sim`: a booking system on its own port (BOOKING_SIM_PORT, default 7411) with
 * generated units and a season of bookings, for trying the sync by hand: set Setup / Control,
 * Booking-system Sync to http://127.0.0.1:7411 with the user and password printed here.
 */
import { addDays, dateInZone } from '../ledger/business-date.js';
import { BookingSimulator, serveSimulator } from './simulator.js';

const port = Number(process.env.BOOKING_SIM_PORT ?? 7411);
const user = process.env.BOOKING_SIM_USER ?? 'sim';
const password = process.env.BOOKING_SIM_PASSWORD ?? 'sim-password';
const units = Number(process.env.BOOKING_SIM_UNITS ?? 20);
const types = [{ id: 'STUDIO', name: 'Studio Apartment' }, { id: 'ONEBED', name: 'One Bedroom Apartment' }, { id: 'TWOBED', name: 'Two Bedroom Apartment' }, { id: 'PENTHOUSE', name: 'Penthouse Suite' }];
const sim = new BookingSimulator();
sim.setUnits(Array.from({ length: units }, (_, i) => ({ door: String(101 + (i % 10) + 100 * Math.floor(i / 10)), name: `Seaside ${101 + (i % 10) + 100 * Math.floor(i / 10)}`, unitType: types[i % types.length]!.id })), types);
const today = dateInZone();
sim.generate({ seed: Number(process.env.BOOKING_SIM_SEED ?? 1), from: addDays(today, -60), to: addDays(today, 60), today });
const running = await serveSimulator(sim, { user, password, port });
console.log(`Booking-system simulator on ${running.url} (user ${user}, password ${password}): ${sim.units.length} units, ${sim.all().length} bookings`);
