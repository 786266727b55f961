import { z } from 'zod';

/**
 * The archive's folders (spec 3 §2 'Archive': the type filter All, Reports, Email Attachments,
 * Month End, Backups), plus the ABA files of disbursements made outside month end.
 */
export const ARCHIVE_PATHS = {
  REPORTS: 'Reports',
  EMAIL: 'Email Attachments',
  MONTH_END: 'Month End',
  BACKUP: 'Backups',
  DISBURSEMENT: 'Disbursement',
} as const;
export type ArchivePath = (typeof ARCHIVE_PATHS)[keyof typeof ARCHIVE_PATHS];

/** The type filter of the Archive screen (spec 3 §9): its value on the wire and the folder it shows (All: every folder). */
export const ARCHIVE_TYPES = [
  { value: 'ALL', label: 'All', path: null },
  { value: 'REPORTS', label: 'Reports', path: ARCHIVE_PATHS.REPORTS },
  { value: 'EMAIL', label: 'Email Attachments', path: ARCHIVE_PATHS.EMAIL },
  { value: 'MONTH_END', label: 'Month End', path: ARCHIVE_PATHS.MONTH_END },
  { value: 'BACKUP', label: 'Backups', path: ARCHIVE_PATHS.BACKUP },
] as const;
export type ArchiveType = (typeof ARCHIVE_TYPES)[number]['value'];

/** The user code of documents the server makes for itself: listed, never downloaded (spec 3 §4 'Archive'). */
export const SYSTEM_USER = 'SYSTEM';

/**
 * A date bound of GET /api/blob (spec 3 §7): YYYY-MM-DD with an optional ':HH:mm' (or ' HH:mm',
 * 'THH:mm') suffix; the screen sends ':00:00' for the start of a day and ':24:00' for its end.
 * Answers the day and the minutes into it (24:00 is 1440, the next midnight), or null minutes
 * for a bare day: the start of it in `from`, the whole of it (inclusive) in `to`.
 */
const bound = z.string().trim().max(30).transform((text, ctx) => {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T:](\d{2}):(\d{2})(?::\d{2})?)?$/.exec(text);
  const minutes = m?.[2] === undefined ? null : Number(m[2]) * 60 + Number(m[3]);
  if (!m || !z.iso.date().safeParse(m[1]).success || (minutes !== null && (minutes > 1440 || Number(m[3]) > 59))) {
    ctx.addIssue({ code: 'custom', message: 'Date must be YYYY-MM-DD, optionally followed by :HH:mm' });
    return z.NEVER;
  }
  return { day: m[1]!, minutes };
});

/** GET /api/blob query: the range (default the last 7 days, spec 3 §9) and the type filter. */
export const archiveQueryContract = z.object({
  from: bound.optional(),
  to: bound.optional(),
  type: z.string().trim().toUpperCase().pipe(z.enum(ARCHIVE_TYPES.map((t) => t.value) as [ArchiveType, ...ArchiveType[]], { error: 'Type must be one of ALL, REPORTS, EMAIL, MONTH_END, BACKUP' })).optional(),
});
export type ArchiveQuery = z.input<typeof archiveQueryContract>;

export const ARCHIVE_DEFAULT_DAYS = 7;
export const ARCHIVE_LIST_LIMIT = 1000;

/** One archive document as the list shows it (spec 3 §3 'Archive document'), without its content. */
export interface ArchiveListRow {
  id: number;
  date: string;
  user_code: string;
  path: string;
  /** The document name with its extension. */
  blob_id: string;
  mime: string;
  size: number;
  /** Why this user may not download it, or null (the screen disables the button and shows this as its tooltip). */
  refusal: string | null;
}

/** POST /api/blob/download: the archive row as listed; only its id counts (the rest is the screen's copy). */
export const archiveDownloadContract = z.looseObject({
  id: z.coerce.number({ error: 'Archive id is required' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const ARCHIVE_MESSAGES = {
  system: 'Documents made by the system cannot be downloaded',
  backup: 'Only super users may download backups',
} as const;

/**
 * The download rules of spec 3 §4 'Archive', for the server and the screen alike: a SYSTEM
 * document is never downloaded; a backup only by a super user (SUPER, or GOD above it).
 */
export function archiveDownloadRefusal(doc: { user_code: string; path: string }, user: { isSuper: boolean }): string | null {
  if (doc.user_code.toUpperCase() === SYSTEM_USER) return ARCHIVE_MESSAGES.system;
  if (doc.path === ARCHIVE_PATHS.BACKUP && !user.isSuper) return ARCHIVE_MESSAGES.backup;
  return null;
}
