import { describe, expect, it } from 'vitest';
import { SYNC_FREQUENCY_OPTIONS, controlFormValues, syncFrequencyLabel } from './control-fields.js';

describe('control settings form', () => {
  it('offers the spec sync frequencies, manual last', () => {
    expect(SYNC_FREQUENCY_OPTIONS.map((o) => o.value)).toEqual([300, 900, 1800, 3600, 0]);
    expect(syncFrequencyLabel(0)).toBe('Manual only');
    expect(syncFrequencyLabel(900)).toBe('Every 15 minutes');
    expect(syncFrequencyLabel(3600)).toBe('Every 1 hour');
  });

  it('takes only the settings and never shows the stored password', () => {
    const values = controlFormValues({ current_year: 2026, gp_pwd: '********', bank_balance: 10, gp_user: 'x' }, ['current_year', 'gp_user', 'gp_pwd', 'licence_no']);
    expect(values).toEqual({ current_year: 2026, gp_user: 'x', gp_pwd: '', licence_no: null });
  });
});
