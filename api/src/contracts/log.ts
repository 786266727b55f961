import { z } from 'zod';
import { isoDate } from './common.js';

const day = z.union([isoDate, z.iso.datetime({ local: true, offset: true })]).transform((v) => v.slice(0, 10));

/** GET /api/log query: dates are YYYY-MM-DD (a time part is ignored); `to` is inclusive. */
export const logQueryContract = z.object({
  from: day.optional(),
  to: day.optional(),
  severity: z.string().trim().toUpperCase().max(20).optional(),
  routine: z.string().trim().max(60).optional(),
  key: z.string().trim().max(100).optional(),
  /** Only changes to entities and control settings: the history regulators ask for. */
  regulated: z.enum(['true', 'false']).optional(),
});
export type LogQuery = z.input<typeof logQueryContract>;

export const LOG_LIST_LIMIT = 1000;
export const LOG_DEFAULT_DAYS = 7;

export interface LogRow {
  id: number;
  date: string;
  database: string | null;
  severity: string;
  routine: string | null;
  method: string | null;
  identity: string | null;
  apicall: string | null;
  record_key: string | null;
  message: string;
  has_detail: boolean;
}
export interface LogRecord extends Omit<LogRow, 'has_detail'> {
  body: string | null;
  stack: string | null;
  before: unknown;
  after: unknown;
}
