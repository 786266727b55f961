import { z } from 'zod';
import { CATEGORY_TYPES, code, requiredText } from './common.js';

/** Categories (spec 3 §3, §5): code 2–10 upper-cased, name at least 5, a party type. */
export const categoryContract = z.object({
  code: code(2, 10, { required: 'Code is required', min: 'Must be at least 2 characters', max: 'Must be at most 10 characters' }),
  name: requiredText('Name is required').pipe(z.string().min(5, 'Must be at least 5 characters').max(60, 'Must be at most 60 characters')),
  type: z.enum(CATEGORY_TYPES, { error: 'Type must be selected' }),
  inactive: z.boolean().default(false),
});
export type CategoryInput = z.infer<typeof categoryContract>;
export type Category = CategoryInput;

/** ABA banks: a 2–3 character code and a title. */
export const bankContract = z.object({
  id: code(2, 3, { required: 'ABA Code is Required', min: 'ABA Code is Required', max: 'Must be at most 3 characters' }),
  name: requiredText('Title is required').pipe(z.string().max(60, 'Must be at most 60 characters')),
  inactive: z.boolean().default(false),
});
export type BankInput = z.infer<typeof bankContract>;
