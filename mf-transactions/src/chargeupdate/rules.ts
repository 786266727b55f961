import type { ChargesUpdateMode, ChargesUpdateResult } from 'shared-ui';

export interface ChargesUpdateOutcome {
  intent: 'success' | 'error';
  message: string;
  /** Charge numbers raised or cancelled (units not charged are named in the server's message). */
  refs: string[];
}

/** What the screen keeps of the last run: the server's message and the charge numbers. */
export function chargesUpdateOutcome(mode: ChargesUpdateMode, result: ChargesUpdateResult): ChargesUpdateOutcome {
  const fallback = mode === 'update' ? 'Charges updated' : 'Charges undone';
  return {
    intent: result.error ? 'error' : 'success',
    message: result.message || fallback,
    refs: result.data?.refs ?? [],
  };
}
