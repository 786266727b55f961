import { Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { MONTH_ABBREVIATIONS } from 'shared-ui';
import type { YearMonth } from './rules.js';

const useStyles = makeStyles({ pair: { display: 'flex', gap: tokens.spacingHorizontalXS } });

/** A comparison period: month and year. */
export function ComparisonPicker({ label, value, years, onChange }: { label: string; value: YearMonth; years: number[]; onChange: (next: YearMonth) => void }) {
  const styles = useStyles();
  const choices = years.includes(value.year) ? years : [value.year, ...years];
  return (
    <Field label={label} size="small">
      <div className={styles.pair}>
        <Select size="small" aria-label={`${label} month`} value={String(value.month)} onChange={(_, d) => onChange({ ...value, month: Number(d.value) })}>
          {MONTH_ABBREVIATIONS.map((m, i) => (
            <option key={m} value={i + 1}>
              {m}
            </option>
          ))}
        </Select>
        <Select size="small" aria-label={`${label} year`} value={String(value.year)} onChange={(_, d) => onChange({ ...value, year: Number(d.value) })}>
          {choices.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </Select>
      </div>
    </Field>
  );
}
