import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import {
  BS_MAX_PAGE, type BsAccount, type BsBooking, type BsBookingDoor, type BsPayment, type BsUnit, type BsUnitType, type BookingStatus,
  decodeCursor, encodeCursor,
} from '../contracts/booking-system.js';
import { addDays } from '../ledger/business-date.js';
import { prng } from '../demo/random.js';

/**
 * A booking system as a real HTTP server speaking docs/booking-system.md, for tests, the demo and
 * the benchmark. Its bookings are generated from a seed (so a run can be repeated), edited through
 * plain methods (take, pay, check in, check out, cancel: each a new revision), and it can be told
 * to misbehave the ways real ones do: slow answers, 500s, 429 with Retry-After, a connection
 * dropped mid-page, a booking changed between two pages.
 */
export interface SimulatorFaults {
  /** Milliseconds added to every answer. */
  slowMs: number;
  /** The next n booking-feed answers are 500. */
  fail500: number;
  /** The next n booking-feed answers are 429 with this Retry-After (seconds). */
  rateLimit: number;
  retryAfterSeconds: number;
  /** The next n booking-feed answers drop the connection after the headers. */
  dropConnection: number;
  /** The next n feed pages that have a next page change one of their own bookings after answering. */
  changeBetweenPages: number;
}

const NO_FAULTS: SimulatorFaults = { slowMs: 0, fail500: 0, rateLimit: 0, retryAfterSeconds: 1, dropConnection: 0, changeBetweenPages: 0 };

export interface SimulatorOptions {
  user?: string;
  password?: string;
}

const GUESTS = ['Olivia Martin', 'Liam Nguyen', 'Charlotte Wilson', 'Noah Taylor', 'Amelia Brown', 'Jack Thompson', 'Isla White', 'William Harris', 'Mia Clarke', 'Lucas Walker', 'Ava Robinson', 'Henry King'];
/** A new payment's id: the booking's and the payment's place on it, so it is the same whenever the booking is generated again. */
const nextPaymentId = (b: BsBooking) => `${b.id}-${b.payments.length + 1}`;
const NIGHTLY: Record<string, number> = { STUDIO: 14_500, ONEBED: 18_900, TWOBED: 24_500, PENTHOUSE: 52_000 };


export class BookingSimulator {
  readonly unitTypes: BsUnitType[] = [];
  readonly units: BsUnit[] = [];
  readonly accounts: BsAccount[] = [
    { id: 'ROOMCHG', description: 'Room Charges', trantype: 1 },
    { id: 'CLEAN', description: 'Cleaning', trantype: 2 },
    { id: 'LINEN', description: 'Linen Hire', trantype: 2 },
  ];
  private readonly bookings = new Map<string, BsBooking>();
  private lastInstant = 0;
  private nextId = 1;
  faults: SimulatorFaults = { ...NO_FAULTS };
  /** Every booking-feed request seen (tests count retries with it). */
  feedRequests = 0;

  /**
   * idPrefix starts every booking id (the demo names its period in it: BK2611000001), so two
   * simulators that generate different seasons never hand out the same id for different stays.
   * clockFrom (epoch milliseconds) stamps changes from that instant on rather than the wall clock's:
   * a past season played as history (the demo's closed months), each after the one before.
   */
  constructor(private readonly idPrefix = 'BK', private readonly clockFrom?: number) {}

  /** A strictly increasing modification instant, so (modifiedAt, id) orders every change. */
  private stamp(): string {
    this.lastInstant = Math.max(this.clockFrom ?? Date.now(), this.lastInstant + 1);
    return new Date(this.lastInstant).toISOString();
  }

  setUnits(units: { door: string; name: string; unitType: string }[], unitTypes: BsUnitType[]) {
    this.unitTypes.splice(0, this.unitTypes.length, ...unitTypes);
    this.units.splice(0, this.units.length, ...units.map((u) => ({ ...u, inactive: false })));
  }

  all(): BsBooking[] {
    return [...this.bookings.values()];
  }

  get(id: string): BsBooking | undefined {
    return this.bookings.get(id);
  }

  /** Takes a booking for one door or a group; room charges per night at the unit type's rate. */
  take(input: { doors: string[]; checkIn: string; nights: number; guest?: string; guests?: number; ownerStay?: boolean; cleaning?: number; rate?: number; status?: BookingStatus }): BsBooking {
    const id = `${this.idPrefix}${String(this.nextId++).padStart(6, '0')}`;
    const doors: BsBookingDoor[] = input.doors.map((door) => {
      const unit = this.units.find((u) => u.door === door);
      const rate = input.ownerStay ? 0 : (input.rate ?? NIGHTLY[unit?.unitType ?? ''] ?? 20_000);
      return {
        door,
        roomCharges: input.ownerStay ? [] : Array.from({ length: input.nights }, (_, i) => ({ date: addDays(input.checkIn, i), description: `Night ${i + 1}`, amount: rate })),
        otherCharges: input.cleaning ? [{ accountId: 'CLEAN', description: 'Departure clean', amount: input.cleaning }] : [],
      };
    });
    const booking: BsBooking = {
      id, ref: id.replace(/^BK/, 'R'), revision: 1, modifiedAt: this.stamp(),
      checkIn: input.checkIn, checkOut: addDays(input.checkIn, input.nights), status: input.status ?? '',
      guest: { name: input.guest ?? 'Guest', email: null, phone: null }, guests: input.guests ?? 2, ownerStay: !!input.ownerStay,
      doors, payments: [],
    };
    this.bookings.set(id, booking);
    return booking;
  }

  /** A new revision of a booking: the change applied, revision and modifiedAt moved on. */
  change(id: string, apply: (b: BsBooking) => void): BsBooking {
    const b = this.bookings.get(id);
    if (!b) throw new Error(`No booking ${id}`);
    const next = structuredClone(b);
    apply(next);
    next.revision = b.revision + 1;
    next.modifiedAt = this.stamp();
    this.bookings.set(id, next);
    return next;
  }

  /** The guest pays (amount in cents; default: whatever is owing). */
  pay(id: string, amount?: number, date?: string, method: BsPayment['method'] = 'CARD'): BsBooking {
    return this.change(id, (b) => {
      const owing = totalCharges(b) - b.payments.reduce((s, p) => s + p.amount, 0);
      const cents = amount ?? owing;
      if (cents === 0) return;
      b.payments.push({ id: nextPaymentId(b), date: date ?? b.checkIn, method, cardType: method === 'CARD' ? 'VISA' : null, amount: cents, reference: `${b.ref}-${b.payments.length + 1}` });
    });
  }

  setStatus(id: string, status: BookingStatus): BsBooking {
    return this.change(id, (b) => { b.status = status; });
  }

  /** Cancels: charges removed, payments refunded in full (a new payment of the negative sum). */
  cancel(id: string, date: string): BsBooking {
    return this.change(id, (b) => {
      b.status = 'Z';
      for (const d of b.doors) { d.roomCharges = []; d.otherCharges = []; }
      const paid = b.payments.reduce((s, p) => s + p.amount, 0);
      if (paid) b.payments.push({ id: nextPaymentId(b), date, method: 'EFT', cardType: null, amount: -paid, reference: `${b.ref}-refund` });
    });
  }

  /**
   * Bookings for every unit between two dates, as a season would leave them as at `today`: past
   * stays checked out and paid, the current ones in house and paid, future ones not checked in
   * with a deposit or nothing, a few cancelled and refunded, a few owner stays and groups.
   * Each stay's whole story is drawn first (taken, deposit 14 days before arrival, balance and
   * check-in on arrival, check-out; or deposit and cancellation 3 days before), then played up
   * to `today`: the same seed on a later day gives the same stays with the same ids and payment
   * ids, each at the same or a later revision, so a sync of both only adds what happened between.
   * checkOutBy ends a unit's season at the first stay that would check out after it.
   */
  generate(options: { seed: number; from: string; to: string; today: string; perUnitPerMonth?: [number, number]; checkOutBy?: string }) {
    const r = prng(options.seed);
    const [lo, hi] = options.perUnitPerMonth ?? [2, 4];
    for (const unit of this.units) {
      let day = addDays(options.from, r.int(0, 6));
      while (day < options.to) {
        const nights = r.int(1, Math.max(1, Math.floor(30 / r.int(lo, hi)) - 2));
        if (options.checkOutBy && addDays(day, nights) > options.checkOutBy) break;
        const ownerStay = r.next() < 0.04;
        const group = !ownerStay && r.next() < 0.05 ? this.units.find((u) => u.door !== unit.door && u.unitType === unit.unitType) : undefined;
        const b = this.take({ doors: group ? [unit.door, group.door] : [unit.door], checkIn: day, nights, guest: r.pick(GUESTS), guests: r.int(1, 6), ownerStay, cleaning: ownerStay ? 0 : r.pick([0, 9_500, 12_000]) });
        const cancelled = r.next() < 0.04 && !ownerStay;
        const deposit = r.next() < 0.5 && totalCharges(b) > 0;
        // The deposit goes on a card; the balance on arrival as guests pay at a front desk.
        const roll = r.next();
        const method: BsPayment['method'] = roll < 0.55 ? 'CARD' : roll < 0.8 ? 'EFT' : roll < 0.93 ? 'CASH' : 'CHQ';
        const booked = addDays(day, -14);
        const story: [string, () => void][] = cancelled
          ? [[booked, () => this.pay(b.id, Math.round(totalCharges(b) * 0.2), booked)], [addDays(day, -3), () => this.cancel(b.id, addDays(day, -3))]]
          : [
            ...(deposit ? [[booked, () => this.pay(b.id, Math.round(totalCharges(b) * 0.3), booked)] as [string, () => void]] : []),
            [day, () => { this.pay(b.id, undefined, day, method); this.setStatus(b.id, 'I'); }],
            [b.checkOut, () => this.setStatus(b.id, 'C')],
          ];
        for (const [date, happen] of story) if (date <= options.today) happen();
        day = addDays(b.checkOut, r.int(0, 5));
      }
    }
  }

  /** The changed-bookings feed (docs/booking-system.md): keyset paging on (modifiedAt, id). */
  feed(cursor: string | null, limit: number) {
    const after = cursor ? decodeCursor(cursor) : null;
    const ordered = this.all().filter((b) => !after || b.modifiedAt > after.modifiedAt || (b.modifiedAt === after.modifiedAt && b.id > after.id))
      .sort((a, b) => (a.modifiedAt === b.modifiedAt ? a.id.localeCompare(b.id) : a.modifiedAt.localeCompare(b.modifiedAt)));
    const data = ordered.slice(0, limit);
    const last = data[data.length - 1];
    const more = ordered.length > limit;
    return { data, nextCursor: more && last ? encodeCursor(last) : null, remaining: Math.max(0, ordered.length - data.length), serverTime: new Date().toISOString() };
  }

  /** The HTTP face: Basic authentication, the five calls, and the faults. */
  app(options: SimulatorOptions = {}) {
    const app = new Hono<{ Bindings: { incoming?: { socket: { destroy(): void } } } }>();
    const expected = options.user ? `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}` : null;
    // The simulator's own controls (/sim/*) are for tests and demos on loopback: no sign-in.
    app.post('/sim/bookings', async (c) => {
      const body = await c.req.json() as { doors: string[]; checkIn: string; nights: number; guest?: string; rate?: number; cleaning?: number };
      return c.json({ data: this.take(body) });
    });
    app.post('/sim/bookings/:id/pay', async (c) => {
      const body = await c.req.json().catch(() => ({})) as { amount?: number; date?: string };
      return c.json({ data: this.pay(c.req.param('id'), body.amount, body.date) });
    });
    app.post('/sim/bookings/:id/status', async (c) => {
      const body = await c.req.json() as { status: BookingStatus };
      return c.json({ data: this.setStatus(c.req.param('id'), body.status) });
    });
    app.post('/sim/faults', async (c) => {
      this.faults = { ...NO_FAULTS, ...(await c.req.json() as Partial<SimulatorFaults>) };
      return c.json({ data: this.faults });
    });
    app.use('/v1/*', async (c, next) => {
      if (this.faults.slowMs) await new Promise((r) => setTimeout(r, this.faults.slowMs));
      if (expected && c.req.header('authorization') !== expected) return c.json({ error: 'Bad credentials' }, 401);
      await next();
    });
    app.get('/v1/unit-types', (c) => c.json({ data: this.unitTypes }));
    app.get('/v1/units', (c) => c.json({ data: this.units }));
    app.get('/v1/accounts', (c) => c.json({ data: this.accounts }));
    app.get('/v1/bookings', (c) => {
      this.feedRequests++;
      if (this.faults.rateLimit > 0) {
        this.faults.rateLimit--;
        c.header('Retry-After', String(this.faults.retryAfterSeconds));
        return c.json({ error: 'Too many requests' }, 429);
      }
      if (this.faults.fail500 > 0) {
        this.faults.fail500--;
        return c.json({ error: 'Internal error' }, 500);
      }
      if (this.faults.dropConnection > 0) {
        this.faults.dropConnection--;
        c.env.incoming?.socket.destroy();
        return c.body(null, 500);
      }
      const limit = Math.min(BS_MAX_PAGE, Math.max(1, Number(c.req.query('limit') ?? 200) || 200));
      const page = this.feed(c.req.query('cursor') ?? null, limit);
      if (this.faults.changeBetweenPages > 0 && page.nextCursor && page.data.length) {
        this.faults.changeBetweenPages--;
        // After this page is answered, the first of its bookings changes: the reader must see the new revision later.
        const id = page.data[0]!.id;
        queueMicrotask(() => this.change(id, (b) => { b.guests = Math.min(99, b.guests + 1); }));
      }
      return c.json(page);
    });
    app.get('/v1/bookings/:id', (c) => {
      const b = this.bookings.get(c.req.param('id'));
      return b ? c.json({ data: b }) : c.json({ error: 'No such booking' }, 404);
    });
    return app;
  }
}

export const totalCharges = (b: Pick<BsBooking, 'doors'>) =>
  b.doors.reduce((s, d) => s + d.roomCharges.reduce((x, r) => x + r.amount, 0) + d.otherCharges.reduce((x, o) => x + o.amount, 0), 0);

export interface RunningSimulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves a simulator on a loopback port (0: any free one). */
export function serveSimulator(sim: BookingSimulator, options: SimulatorOptions & { port?: number } = {}): Promise<RunningSimulator> {
  const app = sim.app(options);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        port: info.port,
        close: () => new Promise<void>((done) => { (server as unknown as { closeAllConnections?(): void }).closeAllConnections?.(); server.close(() => done()); }),
      });
    });
  });
}
