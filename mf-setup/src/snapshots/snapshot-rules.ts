import { SNAPSHOT_YEARS } from 'api/contracts/snapshots';

/** The file's lines as POST /api/snapshot takes them (spec 3 §7): CRLF or LF, trailing blank lines dropped. */
export function csvLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

/**
 * The years the selector offers: the years holding snapshots and the SNAPSHOT_YEARS years before
 * the current one (where a new import may go), newest first, without repeats.
 */
export function yearChoices(stored: number[], currentYear: number): number[] {
  const recent = Array.from({ length: SNAPSHOT_YEARS }, (_, i) => currentYear - 1 - i);
  return [...new Set([...stored, ...recent])].sort((a, b) => b - a);
}

/** An example file for the help text: one year of two accounts. */
export const exampleCsv = (year: number) => [
  `Account,${Array.from({ length: 12 }, () => year).join(',')}`,
  'Month,1,2,3,4,5,6,7,8,9,10,11,12',
  'COMMISS,15200.00,14980.50,12010.00,9800.00,8750.00,7600.00,9900.00,10400.00,11800.00,13100.00,14050.00,16700.00',
  'ADVERT,410.00,398.00,350.00,300.00,280.00,250.00,300.00,320.00,360.00,390.00,405.00,450.00',
].join('\n');
