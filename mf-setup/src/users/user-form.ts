import { z } from 'zod';
import { userCreateContract, userUpdateContract } from 'api/contracts/users';

/**
 * The user editor validates a new user with the create contract (code and password required)
 * and a saved one (it has _pk) with the update contract (a blank password keeps the current one).
 */
export const userFormContract = z.record(z.string(), z.unknown()).transform((values, ctx) => {
  const contract = values._pk ? userUpdateContract : userCreateContract;
  const parsed = contract.safeParse(values);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});

/** The user types the editor offers: only support edits users (spec 3 §6), and may give any of them. */
export const ASSIGNABLE_USER_TYPES = ['USER', 'ADMIN', 'SUPER', 'GOD'] as const;
