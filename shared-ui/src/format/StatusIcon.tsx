import type { ReactElement } from 'react';
import { Tooltip, tokens } from '@fluentui/react-components';
import {
  ArchiveRegular,
  BuildingRegular,
  CalendarArrowRightRegular,
  CheckmarkCircleRegular,
  ClockRegular,
  DismissCircleRegular,
  HomeRegular,
  HourglassHalfRegular,
  LockClosedRegular,
  QuestionCircleRegular,
} from '@fluentui/react-icons';
import { statusInfo, type StatusTone } from './status.js';

const ICONS: Record<string, typeof ClockRegular> = {
  Z: DismissCircleRegular,
  C: CheckmarkCircleRegular,
  X: LockClosedRegular,
  Y: ArchiveRegular,
  I: HomeRegular,
  F: CalendarArrowRightRegular,
  P: ClockRegular,
  T: BuildingRegular,
  '': HourglassHalfRegular,
};

const COLOURS: Record<StatusTone, string> = {
  danger: tokens.colorPaletteRedForeground1,
  success: tokens.colorPaletteGreenForeground1,
  informative: tokens.colorPaletteBlueForeground2,
  subtle: tokens.colorNeutralForeground3,
  warning: tokens.colorPaletteDarkOrangeForeground1,
  brand: tokens.colorBrandForeground1,
};

/** The status letter as an icon with its meaning as tooltip and accessible name. */
export function StatusIcon({ status, showLetter = false }: { status: string | null | undefined; showLetter?: boolean }): ReactElement {
  const info = statusInfo(status);
  const Icon = ICONS[info.letter] ?? QuestionCircleRegular;
  return (
    <Tooltip content={info.label} relationship="label">
      <span role="img" aria-label={info.label} data-testid={`status-${info.letter || 'empty'}`} style={{ color: COLOURS[info.tone], display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <Icon fontSize={16} />
        {showLetter ? info.letter : null}
      </span>
    </Tooltip>
  );
}
