/**
 * Header safety (issue 13: header injection). Every address the outbox sends to or from is one
 * plain mailbox: no display name, no comma or semicolon list, no control character (a CR or LF
 * would start a new header), no angle brackets or quotes. Anything else is refused, never
 * patched, so what the log shows is what was sent.
 */
const MAILBOX = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isMailbox(address: string): boolean {
  return address.length <= 254 && MAILBOX.test(address) && !address.startsWith('.') && !address.includes('..');
}

/** A value that must stay on one header line (subject, display name): refused when it holds a line break or control character. */
export const hasControlCharacters = (s: string) => /[\u0000-\u001f\u007f\u2028\u2029]/.test(s);

export class UnsafeHeader extends Error {}

export function assertMailbox(address: string, what: string): string {
  const a = address.trim();
  if (!isMailbox(a)) throw new UnsafeHeader(`${what} '${a.slice(0, 80).replace(/[\u0000-\u001f]/g, ' ')}' is not a valid e-mail address`);
  return a;
}
