import { z } from 'zod';

/** The list names of spec 1 §7 (POST /api/control/info and POST /api/lookup). */
export const LOOKUP_LISTS = ['STATEMENTFORMAT', 'ACCOUNT', 'CARDTYPE', 'CATEGORY', 'ENTITY', 'UNIT', 'UNITTYPE', 'UNITCLASS',
  'GST', 'BANK', 'TEMPLATE', 'BUSINESS', 'PERIODS', 'ACCOUNTTYPE', 'ENTITYTYPE', 'HEALTH', 'REPORTS'] as const;
export type LookupList = (typeof LOOKUP_LISTS)[number];

export const lookupRequestContract = z.object({
  lists: z.union([z.literal('ALL'), z.array(z.string())], { error: `lists is 'ALL' or a list of: ${LOOKUP_LISTS.join(', ')}` })
    .transform((v) => (v === 'ALL' ? v : v.map((name) => name.trim().toUpperCase())))
    .superRefine((v, ctx) => {
      if (v === 'ALL') return;
      v.forEach((name, i) => {
        if (!(LOOKUP_LISTS as readonly string[]).includes(name)) ctx.addIssue({ code: 'custom', path: [i], message: `Unknown lookup list '${name}'` });
      });
    })
    .transform((v) => v as 'ALL' | LookupList[])
    .default('ALL'),
  /** Inactive records are left out unless asked for (editors showing an old record's code). */
  includeInactive: z.boolean().default(false),
});
export type LookupRequest = z.input<typeof lookupRequestContract>;

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December'] as const;

export interface CodeDescription {
  code: string;
  description: string;
}

/** The lookup answer: only the requested lists are present; userKey and sync always are. */
export interface LookupData {
  account?: { id: string; description: string; type: string; gstcode: string; entity: string | null; inactive: boolean }[];
  business?: { code: string; name: string; email: string | null; address: string | null; town: string | null; state: string | null; postcode: string | null; phone1: string | null; phone2: string | null; abn: string | null; acn: string | null } | null;
  category?: { code: string; name: string; type: string; inactive: boolean }[];
  /** The address fields only for users whose screens show them (PARTY_ADDRESS_FLAGS in contracts/permissions). */
  entity?: { code: string; type: string; name: string; address?: string | null; town?: string | null; state?: string | null; postcode?: string | null; inactive: boolean }[];
  unit?: { door: string; name: string; entity: string | null; unittype: string | null; inactive: boolean }[];
  unitType?: { id: string; name: string; default_unit_class: string | null; annual_budget: number; inactive: boolean }[];
  unitClass?: { id: string; name: string; inactive: boolean }[];
  gstCode?: { code: string; name: string; rate: number; inactive: boolean }[];
  accountType?: CodeDescription[];
  bank?: { id: string; name: string; inactive: boolean }[];
  cardType?: { code: string; name: string; surcharge_payer: number; surcharge_owner: number; inactive: boolean }[];
  templates?: { name: string; description: string; inactive: boolean }[];
  years?: number[];
  months?: { value: number; label: string }[];
  entityTypes?: CodeDescription[];
  statementFormats?: CodeDescription[];
  /** HEALTH: the server's health, as GET /api/health answers it (the engine kind only). */
  health?: { status: 'ok'; database: string };
  /** REPORTS: the reports this user may run (spec 1 §3.4 'reports (id)'), by key. */
  reports?: { id: string; title: string; tab: string }[];
  userKey: string;
  /** Whether the client should run a booking-system sync after load (spec 1 §4.1). */
  sync: boolean;
}
