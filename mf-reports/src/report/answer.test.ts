import { describe, expect, it } from 'vitest';
import { answerStep, reportButtons } from './answer.js';

const file = { filename: 'Balance Summary.pdf', type: 'application/pdf', data: 'JVBERg==', archive_id: 7 };

describe('report answers (spec 3 §7)', () => {
  it('shows a view, saves a download or csv, follows a progress', () => {
    expect(answerStep({ view: file })).toEqual({ kind: 'view', file });
    expect(answerStep({ download: file })).toEqual({ kind: 'save', file });
    expect(answerStep({ csv: { ...file, filename: 'b.csv' } })).toMatchObject({ kind: 'save' });
    expect(answerStep({ progress: { id: 'job-1' } })).toEqual({ kind: 'progress', id: 'job-1' });
  });

  it("reads a job's result, which carries the file without its data and a message", () => {
    const { data: _data, ...kept } = file;
    expect(answerStep({ download: kept, message: 'End of Month Reports ready' })).toEqual({ kind: 'save', file: kept });
  });

  it('says why on an error, and treats an answer without a file as one', () => {
    expect(answerStep({ error: { message: 'November 2026 is not closed' }, message: 'x' })).toEqual({ kind: 'error', message: 'November 2026 is not closed' });
    expect(answerStep({})).toEqual({ kind: 'error', message: 'The report came back without a file' });
  });

  it("offers the entry's own formats beside View and Download", () => {
    expect(reportButtons(['csv', 'xlsx']).map((b) => b.label)).toEqual(['View', 'Download', 'CSV Export', 'XLSX Export']);
    expect(reportButtons(['zip']).map((b) => b.mode)).toEqual(['VIEW', 'DOWNLOAD', 'ZIP']);
  });
});
