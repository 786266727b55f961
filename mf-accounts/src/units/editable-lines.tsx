import type { ReactElement } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { formatCents, sumCents, useFieldArray, useFieldsReadOnly, useFormContext, useWatch } from 'shared-ui';
import { MoneyCell, SelectCell, TextCell, type Option } from './line-cells.js';

/** A column before the amount: a select when it has options, else text. Its header names the cell ('Line 2 account'). */
export interface LineColumn {
  header: string;
  field: string;
  options?: readonly Option[];
  maxLength?: number;
}

export interface EditableLinesProps {
  /** The form's list of lines. */
  name: string;
  /** The table's accessible name; its scrolling region is `regionLabel`. */
  label: string;
  regionLabel: string;
  /** What a line is called in the cells' and Remove buttons' names: 'line' or 'item'. */
  noun: string;
  columns: readonly LineColumn[];
  /** The money field of a line, the last column, summed in the total row. */
  amount: string;
  totalLabel: string;
  addLabel: string;
  /** A new line as typed in. */
  blank: Record<string, unknown>;
  minWidth: number;
  rowTestId: string;
  totalTestId?: string;
  /** The list keeps at least one line (a charge has an item). */
  keepOne?: boolean;
}

/**
 * The editable lines of a unit's fees, leaseback or a charge's items: one row a line, its total,
 * and Add/Remove (hidden when the form is read only).
 */
export function EditableLines(props: EditableLinesProps): ReactElement {
  const { name, noun, columns, amount, blank } = props;
  const readOnly = useFieldsReadOnly();
  const { control, getValues, setValue } = useFormContext();
  const { fields, remove } = useFieldArray({ control, name, keyName: '_key' });
  // Added through setValue, not append: append validates the list at once and flags the blank line before it is typed.
  const add = () => setValue(name, [...((getValues(name) as unknown[] | undefined) ?? []), { ...blank }]);
  const lines = (useWatch({ name }) ?? []) as Record<string, unknown>[];
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <div>
      <div role="region" aria-label={props.regionLabel} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={props.label} style={{ minWidth: props.minWidth, tableLayout: 'fixed' }}>
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHeaderCell key={c.field}>{c.header}</TableHeaderCell>
              ))}
              <TableHeaderCell style={{ width: 140, textAlign: 'right' }}>Amount</TableHeaderCell>
              <TableHeaderCell style={{ width: 44 }} aria-label="Remove" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {fields.map((f, i) => (
              <TableRow key={f._key} data-testid={props.rowTestId}>
                {columns.map((c) => {
                  const cell = { name: `${name}.${i}.${c.field}`, label: `${Noun} ${i + 1} ${c.header.toLowerCase()}` };
                  return (
                    <TableCell key={c.field}>
                      {c.options ? <SelectCell {...cell} options={c.options} /> : <TextCell {...cell} maxLength={c.maxLength} />}
                    </TableCell>
                  );
                })}
                <TableCell>
                  <MoneyCell name={`${name}.${i}.${amount}`} label={`${Noun} ${i + 1} amount`} />
                </TableCell>
                <TableCell>
                  {readOnly ? null : (
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={`Remove ${noun} ${i + 1}`}
                      disabled={props.keepOne && fields.length === 1}
                      onClick={() => remove(i)}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Text weight="semibold">{props.totalLabel}</Text>
              </TableCell>
              <TableCell style={{ textAlign: 'right' }}>
                <Text weight="semibold" data-testid={props.totalTestId}>
                  {formatCents(sumCents(lines, amount))}
                </Text>
              </TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </div>
      {readOnly ? null : (
        <Button icon={<AddRegular />} size="small" style={{ marginTop: 8 }} onClick={add}>
          {props.addLabel}
        </Button>
      )}
    </div>
  );
}
