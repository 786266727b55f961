/**
 * The auto-matcher (issue 11): suggests which statement lines are which bank items, for the user
 * to confirm. Plain functions over plain data; amounts in cents, dates YYYY-MM-DD.
 *
 * In order, each line and item used once:
 * 1. one line to one item of the same amount within the date window, preferring an item whose
 *    reference appears on the line, then the nearest date, then the oldest item (so two deposits
 *    of the same amount on one day pair off with two lines in order);
 * 2. one line to many items: a day's card settlements paid as one credit, exactly or net of the
 *    processor's fees (at most FEE_RATE of the gross); a day's EFT receipts paid together; or an
 *    OTA payout net of its commission: a line naming a known OTA (OTA_NAMES) against a day's EFT
 *    receipts of booking guests (at most OTA_FEE_RATE of the gross);
 * 3. many lines to one item: two lines on the statement that together make one deposit.
 * Reversed receipts and their reversals are never suggested: the pair cancel in the books and
 * the bank usually saw neither.
 */
import { byDateThenKey } from '../bankrec/bank-items.js';

export interface MatchLine {
  id: number;
  date: string;
  amount: number;
  description: string;
  reference: string | null;
}

export interface MatchItem {
  key: string;
  date: string;
  amount: number;
  ref: string;
  method: string;
  type: string;
  contra?: boolean;
  /** A booking guest's payment, receipted by the booking sync: what an OTA pays out. */
  booking?: boolean;
}

export interface Suggestion {
  lines: number[];
  items: string[];
  /** Items total minus lines total: the fees a card processor or an OTA withheld; 0 for exact matches. */
  difference: number;
  reason: string;
}

export interface MatchOptions {
  /** How many days a line may follow its item (cheques and card settlements take a few days). */
  windowDays?: number;
  /** How many days a line may precede its item (a deposit entered a day late). */
  earlyDays?: number;
}

/** The date window the suggestions use: a line up to a week after its item, or two days before. */
export const MATCH_WINDOW = { windowDays: 7, earlyDays: 2 } as const satisfies MatchOptions;

/** Card processors' fees withheld from a settlement: at most this share of the gross. */
export const FEE_RATE = 0.05;

/**
 * Online travel agents whose payouts reach the trust account net of their commission, as their
 * names appear on bank statement lines (compared without spaces or punctuation).
 */
export const OTA_NAMES = ['BOOKING.COM', 'AIRBNB', 'EXPEDIA', 'STAYZ', 'VRBO', 'AGODA'] as const;

/**
 * An OTA's commission withheld from a payout: at most this share of the bookings' receipts. Host
 * commissions run from about 3% (Airbnb split fee) to 15-18% (Booking.com, Expedia) and a little
 * more in their promoted tiers; a quarter leaves room for those and no more, so an unrelated day's
 * receipts are not offered as a payout.
 */
export const OTA_FEE_RATE = 0.25;

const DAY = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY);

const words = (text: string) => text.toUpperCase().split(/[^A-Z0-9]+/).filter((w) => w.length >= 3);

/** True when the item's reference (a deposit or receipt number) appears as a word on the line. */
export function referenceOnLine(line: MatchLine, item: MatchItem): boolean {
  const ref = item.ref.toUpperCase();
  if (ref.length < 3) return false;
  const found = new Set([...words(line.description), ...words(line.reference ?? '')]);
  if (found.has(ref)) return true;
  // 'DEP000123' is often written as 'DEP 123' or '000123' by the bank: compare the numbers.
  const number = (w: string) => w.replace(/^\D+/, '').replace(/^0+/, '');
  const digits = number(ref);
  return !!digits && /^\D*\d+$/.test(ref) && [...found].some((w) => /^\d+$/.test(w) && number(w) === digits);
}

const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The OTA a statement line names (in its text or reference), or null. */
export function otaOnLine(line: Pick<MatchLine, 'description' | 'reference'>): (typeof OTA_NAMES)[number] | null {
  const text = compact(`${line.description} ${line.reference ?? ''}`);
  return OTA_NAMES.find((name) => text.includes(compact(name))) ?? null;
}

const isBookingReceipt = (i: MatchItem) => !!i.booking && i.type === 'RECEIPT' && i.method === 'EFT';

/** Who withheld the difference between a match's items and lines, and so pays it as a fee. */
export type Withheld = { by: 'CARD' } | { by: 'OTA'; ota: (typeof OTA_NAMES)[number] };

/**
 * Whether lines may total less than their items by `difference` cents (items minus lines): a card
 * processor's fees from a settlement of card deposits (at most FEE_RATE of the gross), or an OTA's
 * commission from a payout of its guests' EFT receipts, every line naming that one OTA (at most
 * OTA_FEE_RATE). Null when nobody may withhold it: the sums must then agree. The matcher and the
 * confirmation of a match use this one rule.
 */
export function feeWithheld(lines: Pick<MatchLine, 'description' | 'reference'>[], items: MatchItem[], difference: number): Withheld | null {
  if (difference <= 0 || !lines.length || !items.length) return null;
  const gross = items.reduce((a, i) => a + i.amount, 0);
  if (items.every((i) => i.method.includes('CARD')) && difference <= Math.round(gross * FEE_RATE)) return { by: 'CARD' };
  const otas = new Set(lines.map(otaOnLine));
  const ota = otas.size === 1 ? [...otas][0] : null;
  if (ota && items.every(isBookingReceipt) && difference <= Math.round(gross * OTA_FEE_RATE)) return { by: 'OTA', ota };
  return null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Entries grouped by a key, each group in the order given (the callers' date order). */
function groupBy<T>(entries: T[], keyOf: (entry: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const e of entries) {
    const key = keyOf(e);
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  return groups;
}

/** The entries grouped by day number for days from..to, in date order. */
function onDays<T>(index: Map<number, T[]>, from: number, to: number): T[] {
  const out: T[] = [];
  for (let d = from; d <= to; d++) {
    const list = index.get(d);
    if (list) out.push(...list);
  }
  return out;
}

export function suggestMatches(linesIn: MatchLine[], itemsIn: MatchItem[], options: MatchOptions = {}): Suggestion[] {
  const late = options.windowDays ?? MATCH_WINDOW.windowDays;
  const early = options.earlyDays ?? MATCH_WINDOW.earlyDays;
  const lines = [...linesIn].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const items = itemsIn.filter((i) => !i.contra).sort(byDateThenKey);
  const lineDay = new Map(lines.map((l) => [l.id, dayNumber(l.date)]));
  const itemDay = new Map(items.map((i) => [i.key, dayNumber(i.date)]));
  const inWindow = (l: MatchLine, i: MatchItem) => {
    const gap = lineDay.get(l.id)! - itemDay.get(i.key)!;
    return gap <= late && gap >= -early;
  };
  const usedLines = new Set<number>();
  const usedItems = new Set<string>();
  const out: Suggestion[] = [];

  // 1. One to one, by amount.
  // Books that went unreconciled for long hold hundreds of thousands of items: every pass looks
  // up candidates by amount or by day within the window, never by scanning all items per line.
  const byAmount = groupBy(items, (i) => i.amount);
  const itemsByDay = groupBy(items, (i) => itemDay.get(i.key)!);
  for (const l of lines) {
    const candidates = (byAmount.get(l.amount) ?? []).filter((i) => !usedItems.has(i.key) && inWindow(l, i));
    if (!candidates.length) continue;
    const scored = candidates.map((i) => ({ i, ref: referenceOnLine(l, i), gap: Math.abs(lineDay.get(l.id)! - itemDay.get(i.key)!) }));
    scored.sort((a, b) => Number(b.ref) - Number(a.ref) || a.gap - b.gap);
    const best = scored[0]!;
    usedLines.add(l.id);
    usedItems.add(best.i.key);
    out.push({ lines: [l.id], items: [best.i.key], difference: 0, reason: best.ref ? `Amount and reference ${best.i.ref}` : best.gap === 0 ? 'Amount and date' : `Amount, ${best.gap} day${best.gap === 1 ? '' : 's'} apart` });
  }

  // 2. One line to a day's items: card settlements (net of fees), EFT receipts paid together, or
  // an OTA's payout of its guests' receipts (net of its commission).
  for (const l of lines) {
    if (usedLines.has(l.id) || l.amount <= 0) continue;
    const ota = otaOnLine(l);
    const day = lineDay.get(l.id)!;
    const open = onDays(itemsByDay, day - late, day).filter((i) => !usedItems.has(i.key) && i.amount > 0);
    const groups = new Map<string, MatchItem[]>();
    for (const i of open) {
      // An OTA pays by transfer, never as a card settlement; its payout covers its bookings only.
      const kind = i.method.includes('CARD') ? (ota ? null : 'CARD') : i.method === 'EFT' ? (ota && isBookingReceipt(i) ? 'OTA' : 'EFT') : null;
      if (!kind) continue;
      const key = `${i.date}|${kind}`;
      groups.set(key, [...(groups.get(key) ?? []), i]);
    }
    const fits = [...groups].map(([key, group]) => {
      const total = group.reduce((a, i) => a + i.amount, 0);
      const difference = total - l.amount;
      const withheld = feeWithheld([l], group, difference);
      const ok = difference === 0 ? group.length > 1 || key.endsWith('CARD') : !!withheld;
      return { key, group, difference, withheld, ok, gap: lineDay.get(l.id)! - dayNumber(key.slice(0, 10)) };
    }).filter((f) => f.ok).sort((a, b) => Math.abs(a.difference) - Math.abs(b.difference) || a.gap - b.gap);
    const best = fits[0];
    if (!best) continue;
    usedLines.add(l.id);
    for (const i of best.group) usedItems.add(i.key);
    const n = best.group.length;
    const reason = best.withheld?.by === 'OTA' ? `${best.withheld.ota} payout of ${plural(n, 'booking receipt')} net of commission`
      : best.withheld ? `Card settlement of ${plural(n, 'item')} net of fees`
        : best.key.endsWith('CARD') ? 'Card settlement'
          : `${n} EFT receipts paid together`;
    out.push({ lines: [l.id], items: best.group.map((i) => i.key), difference: best.difference, reason });
  }

  // 3. Two lines that together make one item.
  const openLinesByDay = groupBy(lines.filter((l) => !usedLines.has(l.id)), (l) => lineDay.get(l.id)!);
  for (const i of items) {
    if (usedItems.has(i.key)) continue;
    const day = itemDay.get(i.key)!;
    const open = onDays(openLinesByDay, day - early, day + late).filter((l) => !usedLines.has(l.id) && Math.sign(l.amount) === Math.sign(i.amount)).slice(0, 40);
    let pair: [MatchLine, MatchLine] | null = null;
    for (let a = 0; a < open.length && !pair; a++) {
      for (let b = a + 1; b < open.length; b++) {
        if (open[a]!.amount + open[b]!.amount === i.amount && open[a]!.date === open[b]!.date) {
          pair = [open[a]!, open[b]!];
          break;
        }
      }
    }
    if (!pair) continue;
    usedItems.add(i.key);
    for (const l of pair) usedLines.add(l.id);
    out.push({ lines: pair.map((l) => l.id), items: [i.key], difference: 0, reason: 'Two statement lines make one item' });
  }
  return out;
}
