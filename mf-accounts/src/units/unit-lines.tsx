import type { ReactElement } from 'react';
import { EditableLines } from './editable-lines.js';
import type { Option } from './line-cells.js';

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
  const withRecipient = kind === 'fees';
  return (
    <EditableLines
      name={kind}
      label={config.label}
      regionLabel={`${config.label} lines`}
      noun="line"
      columns={[
        { header: 'Account', field: 'account_id', options: accounts },
        ...(withRecipient ? [{ header: 'Recipient', field: 'entity', options: recipients ?? [] }] : []),
        { header: 'Description', field: 'name', maxLength: 60 },
      ]}
      amount="value"
      totalLabel={config.total}
      addLabel={config.add}
      blank={config.blank}
      minWidth={withRecipient ? 640 : 480}
      rowTestId={`${kind}-line`}
      totalTestId={`${kind}-total`}
    />
  );
}
