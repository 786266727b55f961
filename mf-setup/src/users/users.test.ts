import { describe, expect, it } from 'vitest';
import { PERMISSION_FLAGS, USER_TYPES } from 'api/contracts/permissions';
import { PERMISSION_LABELS, visiblePermissionGroups } from './permissions.js';
import { ASSIGNABLE_USER_TYPES, userFormContract } from './user-form.js';

describe('Permissions tab', () => {
  it('shows every flag in its group when the user is not an administrator', () => {
    const groups = visiblePermissionGroups(false);
    expect(groups.map((g) => g.title)).toEqual(['General', 'Menus', 'Functional', 'Entry', 'Other']);
    expect(groups.flatMap((g) => g.flags).sort()).toEqual([...PERMISSION_FLAGS].sort());
  });

  it('hides the individual boxes while p_is_admin is ticked', () => {
    expect(visiblePermissionGroups(true)).toEqual([{ title: 'General', flags: ['p_is_admin'] }]);
  });

  it('labels every flag', () => {
    for (const flag of PERMISSION_FLAGS) expect(PERMISSION_LABELS[flag]).toBeTruthy();
  });
});

describe('user form', () => {
  const base = { name: 'Jane Citizen', email: '', desktopRows: 25, mobileRows: 20, usertype: 'USER', permissions: { p_mgt: true } };

  it('needs a code and a password of 8 for a new user', () => {
    const result = userFormContract.safeParse({ ...base, id: 'ab', password: 'short' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages.id).toBe('Must be at least 5 characters');
    expect(messages.password).toBe('Password must be at least 8 characters');
  });

  it('keeps the password of a saved user when it is left blank', () => {
    const result = userFormContract.safeParse({ ...base, _pk: 'JANEC', id: 'JANEC', password: '' });
    expect(result.success).toBe(true);
    expect((result.data as { password?: string }).password).toBeUndefined();
  });

  it('upper-cases a new code and keeps the permissions', () => {
    const result = userFormContract.safeParse({ ...base, id: 'janec', password: 'long-enough' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ id: 'JANEC', permissions: { p_mgt: true } });
  });

  it('offers every user type to support, the only one who edits users', () => {
    expect(ASSIGNABLE_USER_TYPES.filter((t) => !(t in USER_TYPES))).toEqual([]);
    expect(ASSIGNABLE_USER_TYPES).toContain('SUPER');
  });
});
