import { useState } from 'react';
import type { GroupedVerticalBarChartData, VerticalBarChartDataPoint } from '@fluentui/react-charts';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Select, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { EQUALITY_PERIODS } from 'api/contracts/dashboard';
import { centsToDollars, formatCents, formatDate } from 'shared-ui/core';
import { AfterDialogFocus } from './after-dialog-focus.js';
import { DashboardCard } from './dashboard-card.js';
import { GroupedVerticalBarChart, VerticalBarChart } from './lazy-charts.js';
import { useEquality, type Equality } from './queries.js';
import { EQUALITY_PERIOD_LABELS, equalityAxisMinimum, equalityRangeText, equalityTypes, type EqualityBand, type EqualityType } from './rules.js';

const BANDS: { band: EqualityBand; legend: string; colour: string }[] = [
  { band: 'low', legend: 'Below range', colour: '#e97548' },
  { band: 'mid', legend: 'Within range', colour: '#13a10e' },
  { band: 'high', legend: 'Above range', colour: '#0f6cbd' },
];

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  type: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginTop: tokens.spacingVerticalM },
});

/** Units per band for each unit type; a type with one unit has no low bar (spec 2 §9). */
function bandCounts(types: EqualityType[]): GroupedVerticalBarChartData[] {
  return types.map((t) => ({
    name: t.unittype || '(none)',
    series: BANDS.filter((b) => b.band !== 'low' || t.low !== null).map((b) => ({
      key: b.band,
      legend: b.legend,
      color: b.colour,
      data: b.band === 'low' ? (t.low ?? 0) : t[b.band],
      yAxisCalloutData: `${b.band === 'low' ? t.low : t[b.band]} of ${t.count} units`,
    })),
  }));
}

/** One unit type in the detailed view: each door's owner income by band, the axis from the lowest less $500. */
function TypeDetail({ type }: { type: EqualityType }) {
  const styles = useStyles();
  const colour = new Map(BANDS.map((b) => [b.band, b]));
  const bars: VerticalBarChartDataPoint[] = type.doors.map((d) => ({
    x: d.door,
    y: centsToDollars(d.cents),
    legend: colour.get(d.band)!.legend,
    color: colour.get(d.band)!.colour,
    yAxisCalloutData: formatCents(d.cents),
    lineData: { y: centsToDollars(type.avgCents), yAxisCalloutData: formatCents(type.avgCents) },
  }));
  return (
    <section className={styles.type} aria-label={`Unit type ${type.unittype}`} data-testid="equality-type">
      <Text weight="semibold">
        {type.unittype || '(none)'}: {type.count} {type.count === 1 ? 'unit' : 'units'}, average {formatCents(type.avgCents)}, range {formatCents(type.fromCents)} to{' '}
        {formatCents(type.toCents)}
      </Text>
      <Text size={200}>
        {type.low === null ? '' : `${type.low} below, `}
        {type.mid} within, {type.high} above the range
      </Text>
      <VerticalBarChart
        chartTitle={`Owner income by unit, ${type.unittype}`}
        data={bars}
        lineLegendText="Type average"
        lineLegendColor={tokens.colorNeutralForeground1}
        height={220}
        // Bars rise from the lowest income less $500 (never below 0), so differences show (spec 2 §9).
        yMinValue={centsToDollars(equalityAxisMinimum(type.doors.map((d) => d.cents)))}
        yAxisTickFormat={(v: number) => `$${v.toLocaleString('en-AU')}`}
        hideTickOverlap
        margins={{ left: 64, right: 16, top: 16, bottom: 32 }}
      />
    </section>
  );
}

function DetailDialog({ equality, types, onClose }: { equality: Equality; types: EqualityType[]; onClose: () => void }) {
  const { variance, from, to } = equality.range;
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface style={{ maxWidth: 960, width: '95vw' }}>
        <DialogBody>
          <DialogTitle>Detailed Distribution Equality View</DialogTitle>
          <DialogContent>
            <Text as="p" data-testid="equality-range">
              {equalityRangeText(variance, formatDate(from), formatDate(to))}
            </Text>
            <AfterDialogFocus>
              {types.map((t) => (
                <TypeDetail key={t.unittype} type={t} />
              ))}
            </AfterDialogFocus>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              OK
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * Distribution equality (spec 2 §2, §3, §9): how evenly owners of each unit type earned over a
 * period, as units below, within and above the type average ± equal_distribution_variance.
 */
export function EqualityCard() {
  const styles = useStyles();
  const [period, setPeriod] = useState<string>('current');
  const [detail, setDetail] = useState(false);
  const equality = useEquality(period);
  const types = equality.data ? equalityTypes(equality.data.rows, equality.data.range.variance) : [];
  return (
    <DashboardCard title="Distribution Equality" testId="equality-card" loading={equality.isPending} error={equality.error}>
      <div className={styles.body}>
        <div className={styles.bar}>
          <Field label="Period">
            <Select value={period} onChange={(_, d) => setPeriod(d.value)}>
              {EQUALITY_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {EQUALITY_PERIOD_LABELS[p]}
                </option>
              ))}
            </Select>
          </Field>
          <Button onClick={() => setDetail(true)} disabled={types.length === 0}>
            Details
          </Button>
        </div>
        {equality.data ? (
          types.length === 0 ? (
            <Text italic>No active units.</Text>
          ) : (
            <>
              <Text size={200}>
                Range: unit type average ± {equality.data.range.variance}%, {formatDate(equality.data.range.from)} to {formatDate(equality.data.range.to)}
              </Text>
              <div data-testid="equality-chart">
                <GroupedVerticalBarChart data={bandCounts(types)} height={240} enabledLegendsWrapLines yAxisTickFormat={(v: number) => String(v)} margins={{ left: 36, right: 16, top: 16, bottom: 32 }} />
              </div>
            </>
          )
        ) : null}
      </div>
      {detail && equality.data ? <DetailDialog equality={equality.data} types={types} onClose={() => setDetail(false)} /> : null}
    </DashboardCard>
  );
}
