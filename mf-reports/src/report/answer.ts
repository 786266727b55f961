import type { ReportFile, ReportInfo, ReportMode } from 'api/contracts/reports';

/**
 * What the screen does with an answer of POST /api/reports/{key} (spec 3 §7) or a job's result:
 * show a `view` in the viewer, save a `download` or `csv`, close the viewer and say why on an
 * `error`, follow a job's `progress`.
 */
export type AnswerStep =
  | { kind: 'view'; file: ReportFile }
  | { kind: 'save'; file: ReportFile }
  | { kind: 'error'; message: string }
  | { kind: 'progress'; id: string };

export function answerStep(answer: unknown): AnswerStep {
  const a = (answer ?? {}) as Partial<Record<string, unknown>>;
  if (isFile(a.view)) return { kind: 'view', file: a.view };
  if (isFile(a.download)) return { kind: 'save', file: a.download };
  if (isFile(a.csv)) return { kind: 'save', file: a.csv };
  const error = a.error as { message?: unknown } | undefined;
  if (error && typeof error.message === 'string') return { kind: 'error', message: error.message };
  const progress = a.progress as { id?: unknown } | undefined;
  if (progress && typeof progress.id === 'string') return { kind: 'progress', id: progress.id };
  return { kind: 'error', message: 'The report came back without a file' };
}

const isFile = (v: unknown): v is ReportFile =>
  !!v && typeof v === 'object' && typeof (v as ReportFile).filename === 'string' && typeof (v as ReportFile).archive_id === 'number';

/** The buttons of a report's header: View and Download (the PDF) always, then its other formats. */
export function reportButtons(formats: ReportInfo['formats']): { mode: ReportMode; label: string }[] {
  const buttons: { mode: ReportMode; label: string }[] = [{ mode: 'VIEW', label: 'View' }, { mode: 'DOWNLOAD', label: 'Download' }];
  if (formats.includes('csv')) buttons.push({ mode: 'CSV', label: 'CSV Export' });
  if (formats.includes('xlsx')) buttons.push({ mode: 'XLSX', label: 'XLSX Export' });
  if (formats.includes('zip')) buttons.push({ mode: 'ZIP', label: 'ZIP Download' });
  return buttons;
}

