import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    // Two or more columns when the dialog is wide, one on a narrow screen.
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    alignItems: 'start',
  },
  end: { alignItems: 'end' },
  // A select is as wide as its longest option unless its cell may shrink: it would spill into the next column.
  fit: {
    '& > *': { minWidth: 0 },
    '& .fui-Select, & .fui-Input, & select, & input': { minWidth: 0 },
  },
  wide: { gridColumn: '1 / -1' },
});

export interface FormGridProps {
  children: ReactNode;
  /** Line the fields up at their foot (a checkbox beside inputs with hints) instead of their label. */
  alignEnd?: boolean;
  /** Keep every field to its column, however long a select's options. */
  fit?: boolean;
}

/** The field layout of the editors: a responsive grid; `Wide` children span every column. */
export function FormGrid({ children, alignEnd = false, fit = false }: FormGridProps) {
  const styles = useStyles();
  return <div className={mergeClasses(styles.grid, alignEnd && styles.end, fit && styles.fit)}>{children}</div>;
}

export function Wide({ children }: { children: ReactNode }) {
  return <div className={useStyles().wide}>{children}</div>;
}
