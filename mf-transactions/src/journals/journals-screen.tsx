import { useCallback, useState } from 'react';
import { z } from 'zod';
import { journalContract, type JournalRow } from 'api/contracts/journals';
import { ListEditor, useControl, type ListColumn, type ListRecord } from 'shared-ui';
import { useLedgerLookups } from '../ledger-lookups.js';
import { JOURNAL_LIST_KEY, JournalEditor } from './journal-editor.js';
import { journalRowStyle, journalWire, newLine, type JournalForm } from './rules.js';

// The route's own contract checks the form, after the form values become wire values.
const formSchema = z.preprocess((values) => journalWire(values as JournalForm), journalContract);

type Row = JournalRow & ListRecord;

const columns: ListColumn<Row>[] = [
  { header: 'Ref', field: 'ref', width: 70 },
  { header: 'Date', field: 'date', kind: 'date', width: 95 },
  {
    header: 'Details',
    field: 'memo',
    // Long details end in an ellipsis, so the parties and amount stay on screen.
    render: (r) => {
      const text = r.memo.split(/\r?\n/)[0]!;
      return <span title={text} style={{ display: 'inline-block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' }}>{text}</span>;
    },
  },
  { header: 'Debit', field: 'debit_entity' },
  { header: 'Credit', field: 'credit_entity' },
  { header: 'Amount', field: 'amount', kind: 'money' },
  { header: 'Reversed', field: 'reversal_ref', render: (r) => (r.reversed ? `Reversal ${r.reversal_ref ?? ''}` : '') },
];

/** Journals (spec 2 §2): balanced moves between ledgers; posted journals are reversed, never edited. */
export default function JournalsScreen() {
  const today = useControl().data?.today;
  const [saveAllowed, setSaveAllowed] = useState(false);
  const onSaveAllowed = useCallback((allowed: boolean) => setSaveAllowed(allowed), []);

  const journalLookups = useLedgerLookups();

  return (
    <ListEditor<Row>
      title="Journals"
      listPath={JOURNAL_LIST_KEY}
      path="/api/journal"
      keyField="id"
      serverPaging
      columns={columns}
      filters={{ period: true }}
      rowStyle={journalRowStyle}
      schema={formSchema as never}
      fieldKinds={{ date: 'date' }}
      defaults={() => ({ date: today ?? new Date(), memo: '', items: [newLine(), newLine()] })}
      // The form holds the contract's output, which the route takes as it is.
      toBody={(values) => values}
      saveDisabled={!saveAllowed}
      editorTitle={(record, isNew) => (isNew ? 'Add Journal' : `Journal ${String(record?.ref ?? '')}`)}
      editor={(ctx) => <JournalEditor {...ctx} lookups={journalLookups} onSaveAllowed={onSaveAllowed} />}
    />
  );
}
