import { z } from 'zod';
import { ACCOUNT_TYPES, CATEGORY_TYPES, CHECKLIST_TYPES, code, codeRef, money, percent, requiredText } from './common.js';
import { optionalCode, optionalTextMax } from './entity.js';

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

const name5 = (max = 60) => requiredText('Name is required').pipe(z.string().min(5, 'Must be at least 5 characters').max(max, `Must be at most ${max} characters`));
const upperRequired = (message: string) => codeRef(message);

/**
 * Transaction accounts (spec 2 §3 'Account', §5 'Account'). An empty disburse-to entity (sent
 * as false by the old screens) means the owner; the override class applies only when
 * override_type is on. gpid and trantype belong to the booking-system sync and are never accepted.
 */
export const accountContract = z.object({
  id: code(2, 20, { required: 'Code is required', min: 'Must be at least 2 characters', max: 'Must be at most 20 characters' }),
  type: z.enum(Object.keys(ACCOUNT_TYPES) as [keyof typeof ACCOUNT_TYPES], { error: 'Classification must be Selected' }),
  description: requiredText('Description is required').pipe(z.string().min(2, 'Must be at least 2 characters').max(40, 'Must be at most 40 characters')),
  gstcode: upperRequired('GST Code must be selected'),
  entity: optionalCode,
  override_type: z.boolean().default(false),
  override_class_code: optionalCode,
  inactive: z.boolean().default(false),
}).superRefine((a, ctx) => {
  if (a.override_type && !a.override_class_code) ctx.addIssue({ code: 'custom', path: ['override_class_code'], message: 'Override Class must be Selected' });
}).transform((a) => ({ ...a, override_class_code: a.override_type ? a.override_class_code : null }));
export type AccountInput = z.infer<typeof accountContract>;
export type Account = AccountInput & { gpid: string | null };

/** Card types: surcharges are percentages 0–10 with two decimals (hundredths in the database). */
export const cardTypeContract = z.object({
  code: code(2, 10, { required: 'Code is required', min: 'Must be at least 2 characters', max: 'Must be at most 10 characters' }),
  name: name5(),
  surcharge_owner: percent(0, 10).default(0),
  surcharge_payer: percent(0, 10).default(0),
  inactive: z.boolean().default(false),
});
export type CardTypeInput = z.infer<typeof cardTypeContract>;

/** GST (tax) codes: the rate is a whole percent; the payer's surcharge a percent to two places, as card types'. */
export const gstCodeContract = z.object({
  code: code(2, 10, { required: 'Code is Required', min: 'Must be at least 2 characters', max: 'Must be at most 10 characters' }),
  name: name5(),
  rate: z.number({ error: 'GST rate is required' }).int('GST rate is a whole percent').min(0, 'Must be at least 0%').max(100, 'Must be at most 100%'),
  surcharge_payer: percent(0, 10).default(0),
  inactive: z.boolean().default(false),
});
export type GstCodeInput = z.infer<typeof gstCodeContract>;

/** Unit classes (letting types such as holiday letting or permanent rental). */
export const unitClassContract = z.object({
  id: code(3, 10, { required: 'Code is required', min: 'Must be at least 3 characters', max: 'Must be at most 10 characters' }),
  name: name5(),
  inactive: z.boolean().default(false),
});
export type UnitClassInput = z.infer<typeof unitClassContract>;

/** Unit types: the annual budget is whole dollars (cents in the database). gpid comes from sync. */
export const unitTypeContract = z.object({
  id: code(3, 10, { required: 'Code is required', min: 'Must be at least 3 characters', max: 'Must be at most 10 characters' }),
  name: name5(),
  default_unit_class: optionalCode,
  annual_budget: z.number({ error: 'Budget must be a number' }).int('Budget is whole dollars').min(0, 'Budget cannot be negative').max(1_000_000_000, 'Budget is too large').default(0),
  inactive: z.boolean().default(false),
});
export type UnitTypeInput = z.infer<typeof unitTypeContract>;

/** '*' in apply_to means every holiday letting. */
export const ALL_LETTINGS = '*';
export const FEE_METHODS = { P: 'Percent', V: 'Value' } as const;

/**
 * Fees and charges: value is a percentage (method P) or dollars (method V), both with two
 * decimals and kept as hundredths. apply_to lists unit class ids, or '*' for all lettings.
 */
export const feeContract = z.object({
  name: requiredText('Name is Required').pipe(z.string().min(5, 'Must be at least 5 characters').max(10, 'Must be at most 10 characters')),
  account_id: upperRequired('Account is Required'),
  method: z.enum(Object.keys(FEE_METHODS) as ['P', 'V'], { error: 'Method is Required' }),
  apply_to: z.union([z.literal(ALL_LETTINGS), z.array(z.string().trim().min(1).transform((v) => v.toUpperCase()))], { error: 'Letting Type is Required' })
    .transform((v) => (v === ALL_LETTINGS || v.includes(ALL_LETTINGS) ? [ALL_LETTINGS] : [...new Set(v)]))
    .refine((v) => v.length > 0, 'Letting Type is Required'),
  value: money.refine((v) => v >= 0, 'Value cannot be negative').default(0),
  frequency: z.number({ error: 'Frequency must be a number' }).int('Frequency is a whole number').min(0, 'Frequency cannot be negative').default(0),
  entity: optionalCode,
  apply_before_other_fees: z.boolean().default(false),
  show_on_statement: z.boolean().default(true),
  is_default: z.boolean().default(false),
  apply_to_booking: z.boolean().default(false),
  apply_to_rental: z.boolean().default(false),
  inactive: z.boolean().default(false),
}).superRefine((f, ctx) => {
  if (f.method === 'P' && f.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage fee is at most 100%' });
});
export type FeeInput = z.infer<typeof feeContract>;
export type Fee = FeeInput & { id: number; account_name: string | null; entity_name: string | null };

/** Month-end checklist items. */
export const checklistContract = z.object({
  code: z.enum(Object.keys(CHECKLIST_TYPES) as ['MTHEND_PRE', 'MTHEND_POST'], { error: 'Type must be Selected' }),
  description: requiredText('Description is Required').pipe(z.string().max(200, 'Must be at most 200 characters')),
  sequence: z.number({ error: 'Sequence must be a number' }).int('Sequence is a whole number').min(0, 'Sequence cannot be negative').default(0),
  link: optionalTextMax(200),
  inactive: z.boolean().default(false),
});
export type ChecklistInput = z.infer<typeof checklistContract>;

/** E-mail templates: the description is the subject, the memo the rich-text body. */
export const templateContract = z.object({
  name: code(5, 30, { required: 'Name is required', min: 'Must be at least 5 characters', max: 'Must be at most 30 characters' }),
  description: requiredText('Description is required').pipe(z.string().max(200, 'Must be at most 200 characters')),
  memo: z.string({ error: 'Body must be text' }).max(200_000, 'The body is too long').default(''),
  inactive: z.boolean().default(false),
});
export type TemplateInput = z.infer<typeof templateContract>;
