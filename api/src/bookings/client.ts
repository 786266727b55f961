import type { z } from 'zod';
import {
  type BsAccount, type BsBooking, type BsBookingPage, type BsUnit, type BsUnitType,
  bsAccountList, bsBookingPage, bsOneBooking, bsUnitList, bsUnitTypeList,
} from '../contracts/booking-system.js';
import { ApiError } from '../http/errors.js';

/** Where a company's booking system is and how to sign in (Control Settings gp_host, gp_user, gp_pwd). */
export interface BookingSystemLink {
  host: string;
  user: string | null;
  password: string | null;
}

export interface RetryPolicy {
  /** Further attempts after the first. */
  retries: number;
  /** First wait in ms, doubled each time (a 429's Retry-After wins, up to maxWaitMs). */
  baseWaitMs: number;
  maxWaitMs: number;
  /** Per attempt. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseWaitMs: 200, maxWaitMs: 10_000, timeoutMs: 30_000 };

/** The booking system failed or answered something we cannot use: 502 with what happened. */
export class BookingSystemError extends ApiError {
  constructor(message: string) {
    super(502, message);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads the booking system (docs/booking-system.md). 429, 5xx, timeouts and dropped connections
 * are retried a bounded number of times; 4xx other than 429 and malformed answers are not (they
 * will not mend by asking again). Every answer is parsed with the contract before it is used.
 */
export class BookingSystemClient {
  private readonly base: string;
  private readonly auth: string | null;

  constructor(link: BookingSystemLink, private readonly retry: RetryPolicy = DEFAULT_RETRY) {
    const host = link.host.trim().replace(/\/+$/, '');
    this.base = /^https?:\/\//.test(host) ? host : `http://${host}`;
    this.auth = link.user ? `Basic ${Buffer.from(`${link.user}:${link.password ?? ''}`).toString('base64')}` : null;
  }

  unitTypes(): Promise<BsUnitType[]> {
    return this.get('/v1/unit-types', bsUnitTypeList).then((r) => r.data);
  }

  units(): Promise<BsUnit[]> {
    return this.get('/v1/units', bsUnitList).then((r) => r.data);
  }

  accounts(): Promise<BsAccount[]> {
    return this.get('/v1/accounts', bsAccountList).then((r) => r.data);
  }

  bookingsAfter(cursor: string | null, limit: number): Promise<BsBookingPage> {
    const q = new URLSearchParams({ limit: String(limit) });
    if (cursor) q.set('cursor', cursor);
    return this.get(`/v1/bookings?${q}`, bsBookingPage);
  }

  booking(id: string): Promise<BsBooking> {
    return this.get(`/v1/bookings/${encodeURIComponent(id)}`, bsOneBooking).then((r) => r.data);
  }

  private async get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
    let lastProblem = '';
    for (let attempt = 0; attempt <= this.retry.retries; attempt++) {
      let wait = Math.min(this.retry.maxWaitMs, this.retry.baseWaitMs * 2 ** attempt);
      try {
        const res = await fetch(`${this.base}${path}`, {
          headers: { Accept: 'application/json', ...(this.auth ? { Authorization: this.auth } : {}) },
          signal: AbortSignal.timeout(this.retry.timeoutMs),
        });
        if (res.ok) {
          const parsed = schema.safeParse(await res.json());
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new BookingSystemError(`The booking system answered ${path.split('?')[0]} with data we cannot use (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'})`);
          }
          return parsed.data;
        }
        if (res.status === 429) {
          const after = Number(res.headers.get('retry-after'));
          if (Number.isFinite(after) && after >= 0) wait = Math.min(this.retry.maxWaitMs, after * 1000);
          lastProblem = 'it is limiting our requests (429)';
        } else if (res.status >= 500) {
          lastProblem = `it failed (${res.status})`;
        } else if (res.status === 401 || res.status === 403) {
          throw new BookingSystemError('The booking system refused our sign-in: check the user and password in Setup / Control, Booking-system Sync');
        } else if (res.status === 404) {
          throw new BookingSystemError(`The booking system does not know ${path.split('?')[0]}`);
        } else {
          throw new BookingSystemError(`The booking system answered ${res.status} to ${path.split('?')[0]}`);
        }
      } catch (e) {
        if (e instanceof BookingSystemError) throw e;
        lastProblem = e instanceof Error && e.name === 'TimeoutError' ? 'it did not answer in time' : `the connection failed (${e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e)})`;
      }
      if (attempt < this.retry.retries) await sleep(wait);
    }
    throw new BookingSystemError(`The booking system at ${this.base} could not be read after ${this.retry.retries + 1} attempts: ${lastProblem}`);
  }
}
