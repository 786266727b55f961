import { useState, type ReactElement } from 'react';
import {
  Body1, Button, Caption1, MessageBar, MessageBarBody, Popover, PopoverSurface, PopoverTrigger, Subtitle2, Tooltip, makeStyles, mergeClasses, tokens,
} from '@fluentui/react-components';
import {
  Board24Regular, BookOpen24Regular, Briefcase24Regular, CalendarLtr24Regular, DataBarVertical24Regular, Home24Regular, QuestionCircle24Regular, Sparkle24Regular,
} from '@fluentui/react-icons';
import { useLocation, useNavigate } from 'shared-ui/router';
import { useControl, useCurrentUser, visibleMenu, type MenuIcon } from 'shared-ui/core';
import { VERSION, helpCenterUrl } from './constants.js';
import type { SidebarState } from './sidebar-state.js';
import { UserMenu } from './user-menu.js';

const ICONS: Record<MenuIcon, ReactElement> = {
  dashboard: <Board24Regular />,
  bookings: <CalendarLtr24Regular />,
  rentals: <Home24Regular />,
  accounts: <BookOpen24Regular />,
  management: <Briefcase24Regular />,
  reports: <DataBarVertical24Regular />,
};

const useStyles = makeStyles({
  bar: { display: 'flex', flexDirection: 'column', height: '100%', boxSizing: 'border-box', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`, gap: tokens.spacingVerticalS, overflowY: 'auto', overflowX: 'hidden' },
  nav: { display: 'flex', flexDirection: 'column', gap: '2px', flexGrow: 1 },
  item: { justifyContent: 'flex-start', width: '100%', minWidth: 0, fontWeight: tokens.fontWeightRegular, whiteSpace: 'nowrap' },
  thumb: { justifyContent: 'center' },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected, fontWeight: tokens.fontWeightSemibold },
  sub: { paddingLeft: '40px', fontSize: tokens.fontSizeBase200 },
  footer: { display: 'flex', flexDirection: 'column', gap: '2px' },
  lock: { flexShrink: 0 },
});

/** The navigation sidebar (spec 1 §2.2): menu from the user's permissions, help and What's New. */
export function Sidebar({ state }: { state: SidebarState }) {
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const control = useControl().data;
  const compact = state === 'thumbs';
  if (!user || state === 'none') return null;
  const menu = visibleMenu(user.permissions, undefined, control ?? undefined);
  const path = location.pathname;

  const link = (to: string, label: string, icon?: ReactElement, extra?: string) => {
    const active = path === to || (to !== '/dashboard' && path.startsWith(`${to}/`));
    const button = (
      <Button
        key={to}
        as="a"
        href={to}
        appearance="subtle"
        icon={icon}
        aria-current={path === to ? 'page' : undefined}
        className={mergeClasses(styles.item, compact && styles.thumb, active && styles.active, extra)}
        onClick={(e) => {
          e.preventDefault();
          navigate(to);
        }}
      >
        {compact ? undefined : label}
      </Button>
    );
    return compact ? <Tooltip key={to} content={label} relationship="label" positioning="after">{button}</Tooltip> : button;
  };

  return (
    <div className={styles.bar} data-testid="sidebar" data-state={state}>
      <UserMenu compact={compact} />
      {control?.monthend_lock_uuid && (
        <MessageBar intent="warning" layout="multiline" className={styles.lock}>
          <MessageBarBody>{compact ? 'Month End' : 'Exclusive Month End Mode is active'}</MessageBarBody>
        </MessageBar>
      )}
      <nav className={styles.nav} aria-label="Main menu">
        {menu.map((group) => (
          <div key={group.key}>
            {link(group.path, group.title, ICONS[group.icon])}
            {!compact && path.startsWith(group.path) && group.routes?.map((r) => link(r.path, r.title, undefined, styles.sub))}
          </div>
        ))}
      </nav>
      <div className={styles.footer}>
        <HelpCenterLink compact={compact} />
        <WhatsNew compact={compact} />
      </div>
    </div>
  );
}

function HelpCenterLink({ compact }: { compact: boolean }) {
  const styles = useStyles();
  const url = helpCenterUrl();
  const button = (
    <Button
      as="a"
      href={url || undefined}
      target="_blank"
      rel="noreferrer"
      appearance="subtle"
      disabled={!url}
      icon={<QuestionCircle24Regular />}
      className={mergeClasses(styles.item, compact && styles.thumb)}
    >
      {compact ? undefined : 'Help Center'}
    </Button>
  );
  return <Tooltip content={url ? 'Help Center' : 'Help Center: no address is configured for this installation'} relationship="description" positioning="after">{button}</Tooltip>;
}

function WhatsNew({ compact }: { compact: boolean }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning="after-bottom" withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<Sparkle24Regular />} className={mergeClasses(styles.item, compact && styles.thumb)} aria-label="What's New">
          {compact ? undefined : "What's New"}
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label="What's New">
        <Subtitle2 as="h2">What's New</Subtitle2>
        <Body1 as="p">Owner Accounting version {VERSION.label}</Body1>
        <Caption1>Released {VERSION.date}</Caption1>
      </PopoverSurface>
    </Popover>
  );
}
