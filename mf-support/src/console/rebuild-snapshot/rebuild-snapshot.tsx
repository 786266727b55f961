import { useState } from 'react';
import { Body1, Button, Card, CardHeader, Field, Select, Subtitle2 } from '@fluentui/react-components';
import { MONTH_NAMES } from 'api/contracts/lookup';
import { snapshotRebuildContract } from 'api/contracts/snapshots';
import { api } from 'shared-ui';
import { consoleCall } from '../console-call.js';


/**
 * Rebuild Snapshot (spec 3 §2, §5): the chosen company's snapshot of a year, months 1 to the one
 * chosen, computed again from its ledger (POST /api/snapshot/rebuild; support users only, checked
 * on the server). Both year and month must be chosen, as the contract says.
 */
export function RebuildSnapshot({ database }: { database: string }) {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState('');
  const [month, setMonth] = useState('');
  const [errors, setErrors] = useState<{ year?: string; month?: string }>({});
  const [busy, setBusy] = useState(false);
  const rebuild = async () => {
    const parsed = snapshotRebuildContract.safeParse({ year: year ? Number(year) : undefined, month: month ? Number(month) : undefined });
    if (!parsed.success) {
      const of = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ year: of('year'), month: of('month') });
      return;
    }
    setErrors({});
    setBusy(true);
    await consoleCall('Rebuild snapshot', () => api.post<{ message: string }>('/api/snapshot/rebuild', parsed.data, { quiet: true }));
    setBusy(false);
  };
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Rebuild Snapshot</Subtitle2>} />
      <Body1>
        Computes {database || 'the chosen company'}'s business accounts by month again from its ledger, for January to the month chosen,
        replacing what a snapshot import or an earlier rebuild left for those months.
      </Body1>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Field label="Year" required validationMessage={errors.year} validationState={errors.year ? 'error' : 'none'}>
          <Select value={year} onChange={(_, d) => setYear(d.value)}>
            <option value="">Choose a year</option>
            {Array.from({ length: 6 }, (_, i) => thisYear - i).map((y) => <option key={y} value={y}>{y}</option>)}
          </Select>
        </Field>
        <Field label="Month" required validationMessage={errors.month} validationState={errors.month ? 'error' : 'none'}>
          <Select value={month} onChange={(_, d) => setMonth(d.value)}>
            <option value="">Choose a month</option>
            {MONTH_NAMES.map((m, i) => <option key={m} value={i + 1}>{m}</option>)}
          </Select>
        </Field>
      </div>
      <div>
        <Button appearance="primary" disabled={!database || busy} onClick={() => void rebuild()}>Rebuild</Button>
      </div>
    </Card>
  );
}
