import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Avatar, Button, Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Text, Tooltip, makeStyles, tokens,
} from '@fluentui/react-components';
import { api, queryClient, session, useControl, useCurrentUser } from 'shared-ui/core';
import { VERSION } from './constants.js';

const useStyles = makeStyles({
  trigger: { width: '100%', justifyContent: 'flex-start', minWidth: 0, padding: tokens.spacingHorizontalS },
  names: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', minWidth: 0, overflow: 'hidden', textAlign: 'left' },
  ellipsis: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' },
});

/** Company and user menu (spec 1 §2.2): who is signed in where, switch company, logout, version. */
export function UserMenu({ compact }: { compact: boolean }) {
  const styles = useStyles();
  const user = useCurrentUser().data;
  const control = useControl().data;
  const [open, setOpen] = useState(false);
  const companies = useQuery({
    queryKey: ['auth', 'companies'],
    queryFn: () => api.get<{ data: { code: string; name: string }[] }>('/api/auth/companies').then((r) => r.data),
    enabled: open,
  });
  const database = session.get('database') ?? '';
  const companyName = control?.company_name ?? control?.db_name ?? database;

  const switchCompany = (code: string) => {
    if (code === database) return;
    session.set('database', code);
    queryClient.clear();
    window.location.assign('/dashboard');
  };
  const logout = async () => {
    await api.post('/api/auth/logout', {}, { quiet: true }).catch(() => undefined);
    session.end(null);
  };
  const returnToConsole = () => {
    session.set('consoleActive', null);
    window.location.assign('/');
  };

  const trigger = (
    <Button appearance="subtle" className={styles.trigger} icon={<Avatar name={user?.name} size={28} />} aria-label="Company and user menu">
      {!compact && (
        <span className={styles.names}>
          <Text weight="semibold" className={styles.ellipsis}>{companyName}</Text>
          <Text size={200} className={styles.ellipsis}>{user?.name}</Text>
        </span>
      )}
    </Button>
  );

  return (
    <Menu open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning="below-start" checkedValues={{ company: [database] }}>
      <MenuTrigger disableButtonEnhancement>{compact ? <Tooltip content={`${companyName}: ${user?.name ?? ''}`} relationship="label">{trigger}</Tooltip> : trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{companyName}</MenuGroupHeader>
            <MenuItem disabled>{user?.name} ({user?.code})</MenuItem>
          </MenuGroup>
          {(companies.data?.length ?? 0) > 1 && (
            <>
              <MenuDivider />
              <MenuGroup>
                <MenuGroupHeader>Switch company</MenuGroupHeader>
                {companies.data?.map((c) => (
                  <MenuItemRadio key={c.code} name="company" value={c.code} onClick={() => switchCompany(c.code)}>
                    {c.name}
                  </MenuItemRadio>
                ))}
              </MenuGroup>
            </>
          )}
          <MenuDivider />
          {session.get('super') === 'true' && <MenuItem onClick={returnToConsole}>Return to Support Console</MenuItem>}
          <MenuItem onClick={() => void logout()}>Logout</MenuItem>
          <MenuDivider />
          <MenuItem disabled>Version {VERSION.label} ({VERSION.date})</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
