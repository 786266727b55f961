import { z } from 'zod';

/** Checklist types of spec 2 §4: preliminary checks before Start, post-rollover checks after. */
export const CHECKLIST_TYPES = { MTHEND_PRE: 'Month End Preliminary Checks', MTHEND_POST: 'Post Rollover Checks' } as const;
export type ChecklistType = keyof typeof CHECKLIST_TYPES;
const checklistType = z.enum(['MTHEND_PRE', 'MTHEND_POST'], { message: 'Type is MTHEND_PRE or MTHEND_POST' });

/** tp_type of the system item that runs a backup into the archive and then ticks itself. */
export const BACKUP_ITEM = 'BACKUP';

export const checklistToggleContract = z.object({
  id: z.number({ message: 'Checklist item is Required' }).int().positive(),
  complete: z.boolean({ message: 'Complete is true or false' }),
  notes: z.string().max(1000, 'Notes are at most 1000 characters').nullable().optional(),
}).strict();
export type ChecklistToggle = z.infer<typeof checklistToggleContract>;

export const checklistCompleteContract = z.object({ type: checklistType }).strict();
export const checklistResetContract = z.object({}).strict();

export interface ChecklistItemView {
  id: number;
  code: ChecklistType;
  description: string;
  sequence: number;
  link: string | null;
  tp_type: string | null;
  complete: boolean;
  notes: string | null;
}

export interface ChecklistSummary {
  /** Items of each type and how many are complete. */
  MTHEND_PRE: { total: number; complete: number };
  MTHEND_POST: { total: number; complete: number };
  /** Month end holds the exclusive lock. */
  active: boolean;
  lock_user: string | null;
  /** The month month end would close (current_year/current_month). */
  year: number;
  month: number;
  /** A Proceed that stopped part way (server stopped): Proceed again resumes it. */
  resumable: boolean;
  /** Steps that run committed (release, disbursement, documents, close, start_of_day). */
  steps_done: string[];
}

export const monthEndStopContract = z.object({ _abortCount: z.number().int().min(0).optional() }).strict();
export const monthEndRunContract = z.object({}).strict();

/** The steps of a month-end run, in order; each commits once and is recorded on monthend_run. */
export const MONTH_END_STEPS = ['release', 'disbursement', 'documents', 'close', 'start_of_day'] as const;
export type MonthEndStep = (typeof MONTH_END_STEPS)[number];

/** What a finished Proceed answers (the job's result, read from GET /api/progress/{id}). */
export interface MonthEndResult {
  message: string;
  year: number;
  month: number;
  /** The ABA bank file's text, or null when no EFT payee was paid. */
  aba: string | null;
  filename: string | null;
  aba_archive_id: number | null;
  /** The report pack ZIP (statements and reports), kept in the archive under Month End. */
  reports: { filename: string; archive_id: number; statements: number };
  released: number;
  disbursed: number;
}

/** One row of the confirmation's preview table (spec 2 §3 'Month-end data'), in dollars. */
export interface MonthEndPreviewRow {
  funds: number;
  hold: number;
  release: number;
  disburse: number;
}

/**
 * GET /api/monthend/preview: the Funds/Holds/Release/Disbursement table the confirmation shows
 * (Business, Owners with their pools, Suppliers, Totals) and the state of the disbursement's
 * approval when Control Settings say disbursements need one.
 */
export interface MonthEndPreview {
  BUSINESS: MonthEndPreviewRow;
  OWNER: MonthEndPreviewRow;
  SUPPLIER: MonthEndPreviewRow;
  totals: MonthEndPreviewRow & { pending: number };
  approval: {
    /** Control setting "Disbursements need approval". */
    required: boolean;
    approved_by: string | null;
    approved_at: string | null;
    /** The approval still matches what the disbursement would pay now. */
    current: boolean;
  };
}

/** POST /api/monthend/approve: a second user approves the previewed disbursement. */
export const monthEndApproveContract = z.object({}).strict();
