import { z } from 'zod';
import { nonNegativeMoney } from './common.js';

/** Why a row's funds are held whatever its amounts (spec 2 §8). */
export const HOLD_REASONS = {
  HOLD: 'Hold Funds',
  /** Spec 2 §4 'Holds': a party not paid by EFT is held automatically; cheques are written by hand from Payments. */
  CHEQUE: 'Paid by Cheque - Funds Held (pay from Payments)',
  INVALID_BANK: 'Invalid Bank Account - Funds Held',
  /** Money on a door the owner no longer holds (a change of owner): journal it to the owner's ledger without a door first. */
  FORMER_DOOR: 'Funds on a door no longer owned - Journal them first',
} as const;

/** One door of an owner's row: its trust funds, the pending charges on it and what it pays out. Dollars. */
export interface DisbursementDoor {
  /** '' is the owner's ledger without a door. */
  door: string;
  funds: number;
  pending: number;
  disburse: number;
}

/** One payment line of a row: the door it is taken from (null for parties without doors) and its dollars. */
export interface DisbursementSplit {
  door: string | null;
  amount: number;
}

/**
 * Disbursement row (spec 2 §3 'Disbursement row'), amounts in dollars.
 * disburse = funds − pending (unless charge_release_override) − hold, floored at 0; 0 when
 * disburse_allowed is false (method HOLD, or EFT without a valid BSB and account number),
 * and hold_reason then says why.
 */
export interface DisbursementRow {
  code: string;
  type: string;
  /** The owner's doors (units); empty for other parties. */
  doors: string[];
  name: string;
  bank: string | null;
  bank_account_name: string | null;
  bank_bsb: string | null;
  bank_account_number: string | null;
  disburse_method: string;
  /** Trust balance. */
  funds: number;
  hold_always: number;
  hold_always_reason: string | null;
  hold_this_month: number;
  hold_this_month_reason: string | null;
  /** hold_always + hold_this_month. */
  hold: number;
  /** Pending (unreleased) charges payable by the party. */
  pending: number;
  charge_release_override: boolean;
  /** Pending charges dated on or before the last day of the open period (due this month). */
  imminent: number;
  /** Pending charges, whole and in date order, that the funds cover now (what a release would pay). */
  release: number;
  disburse: number;
  disburse_allowed: boolean;
  hold_reason: string | null;
  door_array: DisbursementDoor[];
  disburse_array: DisbursementSplit[];
}

/** A chosen row as the screen sends it back (spec 2 §7); only code and disburse are relied on, the rest is recomputed. */
export const disburseItemContract = z.object({
  code: z.string({ error: 'Entity code is required' }).trim().min(1, 'Entity code is required').max(20).transform((v) => v.toUpperCase()),
  disburse: nonNegativeMoney,
  disburse_allowed: z.boolean().optional(),
  funds: z.number().optional(),
  pending: z.number().optional(),
  holds: z.number().optional(),
  door_array: z.array(z.unknown()).optional(),
  disburse_array: z.array(z.unknown()).optional(),
}).passthrough();

export const disburseRequestContract = z
  .array(disburseItemContract, { error: 'A list of rows to disburse is required' })
  .min(1, 'Choose at least one row to disburse')
  .max(5000, 'At most 5000 rows at once')
  .refine((items) => new Set(items.map((i) => i.code)).size === items.length, 'Each entity may be listed once');
export type DisburseRequest = z.infer<typeof disburseRequestContract>;

export interface DisbursedPayment {
  code: string;
  name: string;
  /** Always EFT: a party paid otherwise is held (spec 2 §4 'Holds') and paid by hand from Payments. */
  method: 'EFT';
  /** The payment number (the DISBURSE series). */
  ref: string;
  amount: number;
}

export interface DisburseResult {
  /** The ABA file text (CRLF lines), or null when no payee is paid by EFT. */
  aba: string | null;
  /** 'ABA-<company>-<yyyyMMdd-HHmm>.aba', or null without a file. */
  filename: string | null;
  /** Archive row holding the file, to fetch it again. */
  archive_id: number | null;
  /** Total of the EFT payments = the file's credit total, dollars. */
  total: number;
  /** Number of EFT payees in the file. */
  count: number;
  /** Every payment posted. */
  payments: DisbursedPayment[];
  /** Rows sent but held now, left out with the reason (the others are paid). */
  held?: { code: string; reason: string }[];
}
