import { useRef } from 'react';

/** The header the API reads on posting calls (api/src/http/idempotency.ts). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

function randomKey(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per form submission (issue 8 item 10): the same body sent again before it
 * succeeded (a double click, a retry after a lost answer) carries the same key, so the server
 * posts it once; a changed body or a submission after success gets a new key.
 */
export class SubmissionKey {
  private key: string | null = null;
  private body = '';

  /** The key for sending this body. */
  for(body: unknown): string {
    const text = JSON.stringify(body ?? null);
    if (this.key === null || text !== this.body) {
      this.key = randomKey();
      this.body = text;
    }
    return this.key;
  }

  /** The submission succeeded: the next one is a new posting. */
  done(): void {
    this.key = null;
  }

  /** The header to send with this body. */
  headers(body: unknown): Record<string, string> {
    return { [IDEMPOTENCY_HEADER]: this.for(body) };
  }
}

/** The form's SubmissionKey, kept for the life of the component. */
export function useSubmissionKey(): SubmissionKey {
  const ref = useRef<SubmissionKey | null>(null);
  if (ref.current === null) ref.current = new SubmissionKey();
  return ref.current;
}
