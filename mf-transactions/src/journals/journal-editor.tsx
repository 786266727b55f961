import { useEffect, useState, type CSSProperties } from 'react';
import {
  Button, Caption1, Field, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Subtitle2, Table, TableBody, TableCell, TableHeader,
  TableHeaderCell, TableRow, Text, Textarea, tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowUndoRegular, DeleteRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { journalContract, JOURNAL_MESSAGES, type Journal, type JournalPreview, type OverdrawnRow } from 'api/contracts/journals';
import {
  api, apiRequest, ApiFailure, DateField, formatCents, formatMoney, listQueryKey, MoneyField, MultilineField, notify, PartySelector, SelectField, TextField,
  toCents, useFieldArray, useWatch, type EditorContext, type ListRecord, type PartyEntity, type PartyType, type PartyValue,
} from 'shared-ui';
import type { LedgerLookups } from '../ledger-lookups.js';
import { postedNotice } from '../reversal/rules.js';
import { canSaveJournal, isBalanced, journalTotals, journalWire, lineAmountError, newLine, overdrawnName, type JournalForm, type JournalLineForm } from './rules.js';

export type JournalLookups = LedgerLookups;

export const JOURNAL_LIST_KEY = '/api/journal/list';
// UNALLOC: a deposit nobody could identify waits in SUSPENSE until a journal moves it to its owner or tenant (issue 11).
const LINE_TYPES: readonly PartyType[] = ['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT', 'UNALLOC'];
const PREVIEW_DELAY_MS = 400;
const REASON_MIN = 10;

const lineBox: CSSProperties = { display: 'flex', gap: 8, alignItems: 'flex-end', padding: 8, borderRadius: 4, border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground2 };
// Grid cells may shrink below their content: a select is otherwise as wide as its longest option.
const useStyles = makeStyles({
  lineGrid: {
    display: 'grid', gap: '4px 8px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 150px), 1fr))', alignItems: 'end', flex: 1, minWidth: 0,
    '& > *': { minWidth: 0 }, '& select, & input, & .fui-Input, & .fui-Select': { minWidth: 0, maxWidth: '100%' },
  },
});
const Right = ({ children }: { children: string }) => <div style={{ width: '100%', textAlign: 'right' }}>{children}</div>;
const red = { color: tokens.colorPaletteRedForeground1 };

function lineParty(line: Partial<JournalLineForm> | undefined, entities: readonly PartyEntity[], businessName?: string | null): PartyValue | null {
  if (!line?.entity) return null;
  const e = entities.find((x) => x.code === line.entity);
  const type = (e?.type ?? 'OWNER') as PartyType;
  return { type, code: line.entity, door: line.door ?? null, name: type === 'BUSINESS' ? (businessName ?? 'BUSINESS') : (e?.name ?? line.entity), text: '', balance: null };
}

/** The overdrawn notice of spec 5: each entity with its ledger balance and the balance after the journal. */
export function OverdrawnNotice({ rows }: { rows: readonly OverdrawnRow[] }) {
  return (
    <MessageBar intent="error" layout="multiline" data-testid="overdrawn-notice">
      <MessageBarBody>
        <MessageBarTitle>{JOURNAL_MESSAGES.overdrawn}</MessageBarTitle>
        <Table size="extra-small" aria-label="Overdrawn accounts" style={{ marginTop: 4 }}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Entity</TableHeaderCell>
              <TableHeaderCell><Right>Ledger Balance</Right></TableHeaderCell>
              <TableHeaderCell><Right>Resulting Balance</Right></TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={overdrawnName(r)}>
                <TableCell>{overdrawnName(r)}</TableCell>
                <TableCell style={{ textAlign: 'right' }}>{formatMoney(r.ledger)}</TableCell>
                <TableCell style={{ textAlign: 'right', ...red }}>{formatMoney(r.resulting)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * The wire journal once it parses and balances, after the typing has paused (else null), and
 * whether a journal that balances is still waiting for that pause: its overdraw check has not
 * been asked yet, so Save must wait too.
 */
export function usePreviewBody(values: JournalForm): { body: Record<string, unknown> | null; settling: boolean } {
  const wire = journalWire(values);
  const ready = isBalanced(values.items ?? []) && journalContract.safeParse(wire).success;
  const key = ready ? JSON.stringify(wire) : null;
  const [settled, setSettled] = useState<string | null>(key);
  useEffect(() => {
    const t = setTimeout(() => setSettled(key), PREVIEW_DELAY_MS);
    return () => clearTimeout(t);
  }, [key]);
  const body = settled !== null && settled === key ? (JSON.parse(settled) as Record<string, unknown>) : null;
  return { body, settling: key !== null && settled !== key };
}

function Totals({ lines }: { lines: readonly Pick<JournalLineForm, 'debit' | 'credit'>[] }) {
  const t = journalTotals(lines);
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', justifyContent: 'flex-end' }} data-testid="journal-totals">
      <Text>Debits <Text weight="semibold">{formatCents(t.debit)}</Text></Text>
      <Text>Credits <Text weight="semibold">{formatCents(t.credit)}</Text></Text>
      <Text>Balance <Text weight="semibold" style={t.balance !== 0 ? red : undefined}>{formatCents(t.balance)}</Text></Text>
    </div>
  );
}

/** A posted journal: its lines, reversal state, and reversal with a reason (DELETE /api/journal/{id}). */
function PostedJournal({ journal, close }: { journal: Journal; close: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reverse = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await apiRequest<{ message?: string }>('DELETE', `/api/journal/${journal.id}`, { reason: reason.trim() }, { quiet: true });
      notify({ title: result.message ?? `Journal ${journal.ref} reversed`, intent: 'warning' });
      await queryClient.invalidateQueries({ queryKey: listQueryKey(JOURNAL_LIST_KEY) });
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Unknown error!');
      setBusy(false);
    }
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {journal.reversed ? (
        <MessageBar intent="error">
          <MessageBarBody>
            Reversed by reversal {journal.reversal_ref}
            {journal.reversal_reason ? `: ${journal.reversal_reason}` : ''}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <Text italic>{postedNotice('Journal')}</Text>
      )}
      <Text><Text weight="semibold">Details:</Text> {journal.memo}</Text>
      <div style={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Journal lines">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Entity</TableHeaderCell>
              <TableHeaderCell>Unit</TableHeaderCell>
              <TableHeaderCell>Account</TableHeaderCell>
              <TableHeaderCell>Description</TableHeaderCell>
              <TableHeaderCell><Right>Debit</Right></TableHeaderCell>
              <TableHeaderCell><Right>Credit</Right></TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {journal.items.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.entity}</TableCell>
                <TableCell>{l.door ?? ''}</TableCell>
                <TableCell>{l.account_id}</TableCell>
                <TableCell>{l.description}</TableCell>
                <TableCell style={{ textAlign: 'right' }}>{l.debit ? formatMoney(l.debit) : ''}</TableCell>
                <TableCell style={{ textAlign: 'right' }}>{l.credit ? formatMoney(l.credit) : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Totals lines={journal.items} />
      {journal._canreverse ? (
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap', marginTop: 8 }}>
          <Field label="Reason for reversal" hint={`At least ${REASON_MIN} characters`} style={{ flex: 1, minWidth: 240 }}>
            <Textarea value={reason} onChange={(_, d) => setReason(d.value)} rows={2} />
          </Field>
          <Button icon={<ArrowUndoRegular />} disabled={busy || reason.trim().length < REASON_MIN} onClick={() => void reverse()}>
            Reverse Journal
          </Button>
        </div>
      ) : null}
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}

/**
 * The journal editor body: debit and credit lines, totals, 'JOURNAL MUST BE IN BALANCE!' while
 * unbalanced and the overdrawn notice from POST /api/journal/preview. It tells the screen
 * whether Save may be pressed (spec 2 §4).
 */
export function JournalEditor({ form, record, close, lookups, onSaveAllowed }: EditorContext<ListRecord> & { lookups: JournalLookups; onSaveAllowed: (allowed: boolean) => void }) {
  const styles = useStyles();
  const values = useWatch({ control: form.control }) as JournalForm;
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const { body: previewBody, settling } = usePreviewBody(values);
  const preview = useQuery({
    queryKey: ['journal-preview', previewBody],
    queryFn: () => api.post<{ data: JournalPreview }>('/api/journal/preview', previewBody, { quiet: true }).then((r) => r.data),
    enabled: previewBody !== null && !record,
    retry: false,
    staleTime: 5_000,
  });
  const overdrawn = previewBody ? (preview.data?.overdrawn ?? []) : [];
  const items = values.items ?? [];
  const balanced = isBalanced(items);
  // Save waits for the overdraw check of exactly these lines: enabled before it, a click could land
  // just as the check started and found Save disabled.
  const allowed = canSaveJournal(items, overdrawn) && !settling && !(previewBody && preview.isFetching);
  useEffect(() => onSaveAllowed(allowed), [allowed, onSaveAllowed]);

  if (record) return <PostedJournal journal={record as unknown as Journal} close={close} />;

  const errors = form.formState.errors as { items?: { message?: string; root?: { message?: string } } & Record<number, Record<string, { message?: string }> | undefined> };
  const previewError = preview.error instanceof ApiFailure ? preview.error.message : null;
  const addLine = () => {
    // A new line offers the amount that would balance the journal.
    const t = journalTotals(items);
    const diff = t.balance;
    lines.append(newLine(diff > 0 ? { debit: diff / 100 } : diff < 0 ? { credit: -diff / 100 } : {}));
  };
  const chooseParty = (i: number, p: PartyValue) => {
    form.setValue(`items.${i}.entity`, p.code ?? '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue(`items.${i}.door`, p.door, { shouldDirty: true });
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ maxWidth: 240 }}>
        <DateField name="date" label="Date" required />
      </div>
      <MultilineField name="memo" label="Details" required rows={2} maxLength={2000} />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8 }}>
        <Subtitle2>Journal Lines</Subtitle2>
        <Button size="small" icon={<AddRegular />} onClick={addLine}>
          Add Line
        </Button>
      </div>
      {errors.items?.message || errors.items?.root?.message ? <Text style={red}>{errors.items?.message ?? errors.items?.root?.message}</Text> : null}
      {lines.fields.length === 0 ? <Caption1>No lines yet.</Caption1> : null}
      {lines.fields.map((field, i) => {
        const line = items[i];
        const amountError = line && (toCents(line.debit) > 0 || toCents(line.credit) > 0) ? lineAmountError(line) : null;
        const entityError = errors.items?.[i]?.entity?.message;
        return (
          <div key={field.id} style={lineBox} data-testid="journal-line">
            <div className={styles.lineGrid}>
              <div>
                <PartySelector
                  label="Entity"
                  types={LINE_TYPES}
                  value={lineParty(line, lookups.entities, lookups.business?.name)}
                  onChange={(p) => chooseParty(i, p)}
                  entities={lookups.entities}
                  units={lookups.units}
                  business={lookups.business}
                />
                {entityError ? <Text size={200} style={red}>{entityError}</Text> : null}
              </div>
              <SelectField name={`items.${i}.account_id`} label="Account" required placeholder="Select an account" options={lookups.accounts} />
              <TextField name={`items.${i}.description`} label="Description" required maxLength={200} />
              <MoneyField name={`items.${i}.debit`} label="Debit" min={0} />
              <MoneyField name={`items.${i}.credit`} label="Credit" min={0} />
              {amountError ? <Text size={200} style={red}>{amountError}</Text> : null}
            </div>
            <Button aria-label={`Remove line ${i + 1}`} icon={<DeleteRegular />} onClick={() => lines.remove(i)} />
          </div>
        );
      })}
      <Totals lines={items} />
      {!balanced ? (
        <MessageBar intent="error" data-testid="balance-notice">
          <MessageBarBody>
            <MessageBarTitle>{JOURNAL_MESSAGES.notBalanced}</MessageBarTitle>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {overdrawn.length ? <OverdrawnNotice rows={overdrawn} /> : null}
      {previewError ? (
        <MessageBar intent="warning">
          <MessageBarBody>{previewError}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
