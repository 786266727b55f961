import type { ReactElement } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { formatCents, useFieldArray, useFieldsReadOnly, useFormContext, useWatch } from 'shared-ui';
import { MoneyCell, SelectCell, TextCell, type Option } from './line-cells.js';
import { linesTotalCents } from './rules.js';

const KINDS = {
  fees: { label: 'Unit fees', add: 'Add Fee', total: 'Total Fees', blank: { id: null, type: 'F', account_id: '', entity: 'BUSINESS', name: '', value: '' } },
  leasebacks: { label: 'Leaseback', add: 'Add Leaseback', total: 'Total Leaseback', blank: { id: null, type: 'L', account_id: '', name: '', value: '' } },
} as const;

export interface UnitLinesProps {
  kind: keyof typeof KINDS;
  accounts: readonly Option[];
  /** Fee recipients (BUSINESS, owners, suppliers); leaseback lines have none. */
  recipients?: readonly Option[];
}

/**
 * The unit's fee or leaseback lines (spec 2 §3 'Unit'): editable in place, with their total.
 * A removed saved line is named in _deleted_fees/_deleted_leasebacks when the unit is saved.
 */
export function UnitLines({ kind, accounts, recipients }: UnitLinesProps): ReactElement {
  const config = KINDS[kind];
  const readOnly = useFieldsReadOnly();
  const { control, getValues, setValue } = useFormContext();
  const { fields, remove } = useFieldArray({ control, name: kind, keyName: '_key' });
  // Added through setValue, not append: append validates the list at once and flags the blank line before it is typed.
  const add = () => setValue(kind, [...((getValues(kind) as unknown[] | undefined) ?? []), { ...config.blank }]);
  const lines = useWatch({ name: kind }) as { value?: unknown }[] | undefined;
  const withRecipient = kind === 'fees';
  return (
    <div>
      <div role="region" aria-label={`${config.label} lines`} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={config.label} style={{ minWidth: withRecipient ? 640 : 480, tableLayout: 'fixed' }}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Account</TableHeaderCell>
              {withRecipient ? <TableHeaderCell>Recipient</TableHeaderCell> : null}
              <TableHeaderCell>Description</TableHeaderCell>
              <TableHeaderCell style={{ width: 140, textAlign: 'right' }}>Amount</TableHeaderCell>
              <TableHeaderCell style={{ width: 44 }} aria-label="Remove" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {fields.map((f, i) => (
              <TableRow key={f._key} data-testid={`${kind}-line`}>
                <TableCell>
                  <SelectCell name={`${kind}.${i}.account_id`} label={`Line ${i + 1} account`} options={accounts} />
                </TableCell>
                {withRecipient ? (
                  <TableCell>
                    <SelectCell name={`${kind}.${i}.entity`} label={`Line ${i + 1} recipient`} options={recipients ?? []} />
                  </TableCell>
                ) : null}
                <TableCell>
                  <TextCell name={`${kind}.${i}.name`} label={`Line ${i + 1} description`} maxLength={60} />
                </TableCell>
                <TableCell>
                  <MoneyCell name={`${kind}.${i}.value`} label={`Line ${i + 1} amount`} />
                </TableCell>
                <TableCell>
                  {readOnly ? null : <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={`Remove line ${i + 1}`} onClick={() => remove(i)} />}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={withRecipient ? 3 : 2}>
                <Text weight="semibold">{config.total}</Text>
              </TableCell>
              <TableCell style={{ textAlign: 'right' }}>
                <Text weight="semibold" data-testid={`${kind}-total`}>
                  {formatCents(linesTotalCents(lines))}
                </Text>
              </TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </div>
      {readOnly ? null : (
        <Button icon={<AddRegular />} size="small" style={{ marginTop: 8 }} onClick={add}>
          {config.add}
        </Button>
      )}
    </div>
  );
}
