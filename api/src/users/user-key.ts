import { createHash } from 'node:crypto';

/**
 * The user key request bodies carry (spec 1 §7): stable for one user in one company and not
 * the bare user id, so a key copied into another company's requests names nobody there.
 */
export const userKey = (companyCode: string, userId: string) =>
  createHash('sha256').update(`${companyCode}\u0000${userId}`).digest('hex').slice(0, 32);
