import type { ReactElement } from 'react';
import {
  ArrowDownload24Regular, ArrowImport24Regular, ArrowSync24Regular, BuildingMultiple24Regular, CalendarSync24Regular, DatabaseArrowUp20Regular,
  Delete24Regular, Home24Regular, PersonAdd24Regular, ShieldKeyhole24Regular,
} from '@fluentui/react-icons';

/** The console's icon-bar actions (spec 3 §2 'Support console'), in bar order; log out is separate. */
export interface ConsoleAction {
  key: string;
  title: string;
  icon: ReactElement;
  godOnly?: boolean;
}

export const CONSOLE_ACTIONS: ConsoleAction[] = [
  { key: 'home', title: 'Home', icon: <Home24Regular /> },
  { key: 'add-company', title: 'Add Company Database', icon: <BuildingMultiple24Regular /> },
  { key: 'remove-company', title: 'Remove Company Database', icon: <Delete24Regular /> },
  { key: 'add-user', title: 'Add User', icon: <PersonAdd24Regular /> },
  { key: 'backup', title: 'Backup', icon: <ArrowDownload24Regular /> },
  { key: 'schema-update', title: 'Schema Update', icon: <DatabaseArrowUp20Regular /> },
  { key: 'import', title: 'Import', icon: <ArrowImport24Regular /> },
  { key: 'booking-import', title: 'Booking System Import', icon: <CalendarSync24Regular /> },
  { key: 'rebuild-snapshot', title: 'Rebuild Snapshot', icon: <ArrowSync24Regular /> },
  { key: 'god-utilities', title: 'God Mode Utilities', icon: <ShieldKeyhole24Regular />, godOnly: true },
];

/** God Mode Utilities only for god-level users (spec 1 §6; the name of spec 3 §6). */
export const visibleActions = (godLevel: boolean) => CONSOLE_ACTIONS.filter((a) => !a.godOnly || godLevel);
