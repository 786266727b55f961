import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    // Two or more columns when the dialog is wide, one on a narrow screen.
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    alignItems: 'start',
  },
  wide: { gridColumn: '1 / -1' },
});

/** The field layout of the editors: a responsive grid; `Wide` children span every column. */
export function FormGrid({ children }: { children: ReactNode }) {
  return <div className={useStyles().grid}>{children}</div>;
}

export function Wide({ children }: { children: ReactNode }) {
  return <div className={useStyles().wide}>{children}</div>;
}
