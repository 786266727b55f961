import { z } from 'zod';

export const signInRequest = z.object({
  code: z.string({ error: 'Valid User ID or Email is required' }).trim().min(1, 'Valid User ID or Email is required').max(200),
  password: z.string({ error: 'Password is Required' }).min(1, 'Password is Required').max(200),
});
export type SignInRequest = z.infer<typeof signInRequest>;

export interface SessionUserView {
  id: string;
  code: string;
  name: string;
  email: string | null;
  usertype: string;
  database: string | null;
  expiry: string | null;
  days_to_expiry: number | null;
  desktopRows: number;
  mobileRows: number;
  is_super: boolean;
  god_level: boolean;
  permissions: Record<string, boolean>;
}

export interface SignInResponse {
  data: { token: string; usertype: string; user: SessionUserView; permissions: Record<string, boolean> };
}

export interface CompanySummary {
  code: string;
  name: string;
}
