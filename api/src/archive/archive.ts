import type { Kysely } from 'kysely';
import type { CompanyTables } from '../db/schema.js';
import { jsonb } from '../db/open.js';
import { ARCHIVE_PATHS, type ArchiveListRow, type ArchivePath } from '../contracts/archive.js';

type Db = Kysely<CompanyTables>;

/** The folders live in the contract (the Archive screen's type filter uses them too). */
export { ARCHIVE_PATHS, type ArchivePath };

export const MIME = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  zip: 'application/zip',
  aba: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pgb: 'application/gzip',
} as const;

export interface ArchivedFile {
  /** Who made it (a user code; SYSTEM for the server's own files, which nobody downloads). */
  userCode: string;
  path: ArchivePath;
  /** The document name with its extension (spec 3 'Archive document': blob_id). */
  name: string;
  mime: string;
  content: Uint8Array;
  date?: Date;
  /** A generated report's key and selection (api/src/reports). */
  report?: { key: string; selection: unknown };
}

/** An archive row as the server reads it: the list's row, with the report that made it (reports' rows) instead of a refusal. */
export interface ArchiveRow extends Omit<ArchiveListRow, 'refusal'> {
  report: string | null;
}

/**
 * Keeps a generated file in the company's archive, in the caller's transaction (a file that
 * records a posting commits or rolls back with it). Answers its id.
 */
export async function archiveFile(trx: Db, file: ArchivedFile): Promise<number> {
  const row = await trx
    .insertInto('archive')
    .values({
      date: file.date ?? new Date(), user_code: file.userCode, path: file.path, blob_id: file.name, mime: file.mime, content: file.content, size: file.content.byteLength,
      ...(file.report ? { report: file.report.key, selection: jsonb(file.report.selection) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const view = (r: { id: string; date: Date; user_code: string; path: string; blob_id: string; mime: string; size: number; report: string | null }): ArchiveRow => ({
  id: Number(r.id), date: new Date(r.date).toISOString(), user_code: r.user_code, path: r.path, blob_id: r.blob_id, mime: r.mime, size: r.size, report: r.report,
});

/**
 * Keeps a file whose content needs its own archive number (a report prints 'Report 123' on its
 * pages): the row is taken first, the file drawn with the number and written into it. Drawing
 * reads the books, so it runs outside the row's transaction (PGlite has one connection); a
 * drawing that fails removes its row, and one cut short by a crash leaves an empty row named
 * GENERATING_NAME that the archive list leaves out.
 */
export async function archiveNumbered(db: Db, file: Omit<ArchivedFile, 'content' | 'name' | 'mime'>, draw: (id: number) => Promise<{ name: string; mime: string; content: Uint8Array }>) {
  const id = await archiveFile(db, { ...file, name: GENERATING_NAME, mime: '', content: new Uint8Array() });
  try {
    const drawn = await draw(id);
    await db.updateTable('archive').set({ blob_id: drawn.name, mime: drawn.mime, content: drawn.content, size: drawn.content.byteLength }).where('id', '=', String(id)).execute();
    return { id, ...drawn };
  } catch (e) {
    await db.deleteFrom('archive').where('id', '=', String(id)).execute();
    throw e;
  }
}

export const GENERATING_NAME = '(generating)';

/** One archived file with its content, or undefined. */
export async function readArchived(db: Db, id: number): Promise<(ArchiveRow & { content: Uint8Array }) | undefined> {
  const row = await db.selectFrom('archive').selectAll().where('id', '=', String(id)).executeTakeFirst();
  return row && { ...view(row), content: new Uint8Array(row.content) };
}
