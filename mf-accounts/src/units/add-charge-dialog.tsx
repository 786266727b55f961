import { useEffect, useRef, useState, type ReactElement } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Text,
} from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChargeFull } from 'api/contracts/charges';
import {
  api, ApiFailure, applyServerErrors, DateField, formatCents, FormGrid, FormProvider, listQueryKey, MultilineField, notify, SelectField, sumCents,
  TextField, useLookups, useWatch, useZodForm,
} from 'shared-ui';
import type { FieldValues } from 'react-hook-form';
import { EditableLines } from './editable-lines.js';
import type { Option } from './line-cells.js';
import { CHARGE_RECIPIENT_TYPES, chargeFormSchema } from './rules.js';

/** A charge saved message stays 8 seconds (spec 2 §9). */
const CHARGE_SAVED_TIMEOUT = 8000;

export interface AddChargeDialogProps {
  /** The door and its payer: the unit's owner, or a tenancy's tenant (payerType TENANT). */
  unit: { door: string; entity: string; entityname?: string | null };
  /**
   * OWNER (the unit editor): the owner pays from this door. TENANT (the tenancy editor): the
   * tenant pays (a tenant's ledger has no door) and the items are on the tenancy's door.
   */
  payerType?: 'OWNER' | 'TENANT';
  /** After the charge is saved (the tenancy re-reads its Other Charges). */
  onSaved?: () => void;
  onClose: () => void;
}

const blankItem = { id: null, account_id: '', description: '', amount: '' };

/**
 * Add Charge from the unit editor: a new pending charge payable by the unit's owner from this
 * door (spec 2 §3 'Charge'), validated by the charge contract and posted to /api/charge.
 */
export function AddChargeDialog({ unit, payerType = 'OWNER', onSaved, onClose }: AddChargeDialogProps): ReactElement {
  const lookups = useLookups().data;
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useZodForm(chargeFormSchema as z.ZodType<unknown, FieldValues>, {
    date: new Date(), payer_type: payerType, entity: unit.entity, door: payerType === 'OWNER' ? unit.door : null, _itemDoor: unit.door,
    recipient_type: 'BUSINESS', recipient: 'BUSINESS',
    memo: '', name: unit.entityname ?? '', source_ref: '', items: [{ ...blankItem }], links: [], _deleted: [], _deletedlinks: [],
  } as never);
  const recipientType = useWatch({ control: form.control, name: 'recipient_type' as never }) as unknown as string;

  // BUSINESS is its own recipient; another type starts with no recipient chosen.
  const firstType = useRef(true);
  useEffect(() => {
    if (firstType.current) {
      firstType.current = false;
      return;
    }
    form.setValue('recipient' as never, (recipientType === 'BUSINESS' ? 'BUSINESS' : '') as never);
  }, [recipientType]);

  const recipients = (lookups?.entity ?? []).filter((e) => e.type === recipientType && !e.inactive).map((e) => ({ value: String(e.code), label: `${String(e.code)} - ${String(e.name ?? '')}` }));
  const accounts: Option[] = (lookups?.account ?? []).filter((a) => !a.inactive).map((a) => ({ value: String(a.id), label: `${String(a.id)} - ${String(a.description ?? '')}` }));

  const save = useMutation({
    mutationFn: (values: unknown) => api.post<{ data: ChargeFull; message?: string }>('/api/charge', values, { quiet: true }),
    onSuccess: async (result) => {
      notify({ title: result.message ?? 'Record Created', body: `Charge ${result.data.ref} of ${formatCents(sumCents(result.data.items, 'amount'))} to ${result.data.recipient}`, intent: 'success', timeout: CHARGE_SAVED_TIMEOUT });
      await queryClient.invalidateQueries({ queryKey: listQueryKey('/api/unit/list') });
      await queryClient.invalidateQueries({ queryKey: ['unit-summary', unit.door] });
      onSaved?.();
      onClose();
    },
    onError: (failure) => {
      const general = failure instanceof ApiFailure ? applyServerErrors(form.setError, failure.errors) : [];
      setAlert([failure.message, ...general.filter((m) => m !== failure.message)].join(' '));
    },
  });
  const submit = form.handleSubmit((values) => {
    setAlert(null);
    save.mutate(values);
  });

  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !save.isPending && onClose()}>
      <DialogSurface style={{ width: 900, maxWidth: '96vw' }} aria-label="Add Charge">
        {/* The dialog opens from inside the unit editor's form: its submit must not reach that form through React. */}
        <form onSubmit={(e) => { e.stopPropagation(); void submit(e); }} noValidate>
          <DialogBody>
            <DialogTitle>Add Charge</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              <Text>
                Payable by {unit.entity} {unit.entityname ?? ''} {payerType === 'TENANT' ? `(tenant) for unit ${unit.door}` : `from unit ${unit.door}`}
              </Text>
              {alert ? (
                <MessageBar intent="error">
                  <MessageBarBody>{alert}</MessageBarBody>
                </MessageBar>
              ) : null}
              <FormProvider {...form}>
                <FormGrid fit>
                  <DateField name="date" label="Date" required />
                  <SelectField name="recipient_type" label="Recipient type" options={CHARGE_RECIPIENT_TYPES.map((t) => ({ value: t, label: t }))} />
                  {recipientType === 'BUSINESS' ? null : <SelectField name="recipient" label="Recipient" required placeholder="Select the recipient" options={recipients} />}
                  <TextField name="name" label="Name" required maxLength={100} />
                  <TextField name="source_ref" label="Invoice number" maxLength={60} />
                </FormGrid>
                <MultilineField name="memo" label="Details" required rows={2} maxLength={2000} />
                <EditableLines
                  name="items"
                  label="Items"
                  regionLabel="Charge items"
                  noun="item"
                  columns={[
                    { header: 'Account', field: 'account_id', options: accounts },
                    { header: 'Description', field: 'description', maxLength: 200 },
                  ]}
                  amount="amount"
                  totalLabel="Total"
                  addLabel="Add Item"
                  blank={blankItem}
                  minWidth={560}
                  rowTestId="charge-item"
                  keepOne
                />
              </FormProvider>
            </DialogContent>
            <DialogActions>
              <Button disabled={save.isPending} onClick={onClose}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={save.isPending}>
                Save
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
