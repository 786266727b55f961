import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    // Several columns in a wide dialog, one on a narrow screen.
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
    alignItems: 'end',
    // A select is as wide as its longest option unless its cell may shrink: it would spill into the next column.
    '& > *': { minWidth: 0 },
    '& .fui-Select, & .fui-Input, & select, & input': { minWidth: 0 },
  },
  top: { alignItems: 'start' },
});

/** The field layout of the unit editor and its dialogs: a responsive grid of equal columns. */
export function FieldGrid({ children, alignTop = false }: { children: ReactNode; alignTop?: boolean }) {
  const styles = useStyles();
  return <div className={alignTop ? `${styles.grid} ${styles.top}` : styles.grid}>{children}</div>;
}
