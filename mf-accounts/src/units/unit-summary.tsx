import type { ReactElement } from 'react';
import { MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import type { UnitRecord } from 'api/contracts/unit';
import { api, formatCents, formatDate, formatMoney } from 'shared-ui';
import { linesTotalCents } from './rules.js';

function Lines({ title, lines, recipient }: { title: string; lines: UnitRecord['fees'] | UnitRecord['leasebacks']; recipient: boolean }) {
  return (
    <Table size="extra-small" aria-label={title} style={{ maxWidth: 720 }}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{title}</TableHeaderCell>
          {recipient ? <TableHeaderCell>Recipient</TableHeaderCell> : null}
          <TableHeaderCell>Account</TableHeaderCell>
          <TableHeaderCell style={{ textAlign: 'right' }}>Amount</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.id}>
            <TableCell>{l.name}</TableCell>
            {recipient ? <TableCell>{'entity' in l ? l.entity : ''}</TableCell> : null}
            <TableCell>{l.account_id}</TableCell>
            <TableCell style={{ textAlign: 'right' }}>{formatMoney(l.value)}</TableCell>
          </TableRow>
        ))}
        <TableRow style={{ fontWeight: 600 }}>
          <TableCell colSpan={recipient ? 3 : 2}>Total</TableCell>
          <TableCell style={{ textAlign: 'right' }}>{formatCents(linesTotalCents(lines))}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** A unit's expanded row: its monthly fees, leaseback lines and rental periods, read when opened. */
export function UnitSummary({ door }: { door: string }): ReactElement {
  const unit = useQuery({
    queryKey: ['unit-summary', door],
    queryFn: () => api.get<{ data: UnitRecord }>(`/api/unit/${encodeURIComponent(door)}`, { quiet: true }).then((r) => r.data),
  });
  if (unit.error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{unit.error.message}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!unit.data) return <Spinner size="tiny" label="Loading ...." />;
  const u = unit.data;
  return (
    <div data-testid="unit-summary" style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: '4px 0', whiteSpace: 'normal' }}>
      <Text size={200}>
        {u.entity ? `Owner ${u.entity} ${u.entityname ?? ''}` : 'No owner'}
        {u.letting_pool ? `, letting pool ${u.letting_pool}` : ''}
        {u.letting_pool_start ? ` from ${formatDate(u.letting_pool_start)}` : ''}
        {u.leaseback ? ', leaseback' : ''}
      </Text>
      {u.fees.length ? <Lines title="Unit fees" lines={u.fees} recipient /> : <Text size={200} italic>No unit fees.</Text>}
      {u.leaseback && u.leasebacks.length ? <Lines title="Leaseback" lines={u.leasebacks} recipient={false} /> : null}
      {u.rental.length ? (
        <Text size={200}>
          Rental periods: {u.rental.map((r) => `${formatDate(r.start_date)} to ${r.end_date ? formatDate(r.end_date) : 'open'}`).join('; ')}
        </Text>
      ) : null}
    </div>
  );
}
