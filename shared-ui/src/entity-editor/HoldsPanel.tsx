import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, Subtitle2, Switch, Text, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { entityHoldsContract, entityOverrideContract, type EntityHoldsInput } from 'api/contracts/entity';
import { FormGrid } from '../fields/FormGrid.js';
import { MoneyField, TextField } from '../fields/Fields.js';
import { useFieldsReadOnly } from '../fields/readOnly.js';
import { useZodForm } from '../fields/useZodForm.js';
import { api, notify } from 'shared-ui/core';
import { HOLD_FIELDS, holdsBody } from './rules.js';

/** Spec 2 §9: the holds save feedback comes after at least 250 ms (no flicker on a fast answer). */
export const HOLDS_FEEDBACK_MS = 250;

const useStyles = makeStyles({
  block: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalS,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  // Outside an editor the panel sits in a table row that may scroll sideways: on narrow screens
  // its blocks stack and stay in view.
  panel: {
    display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalS, whiteSpace: 'normal',
    '@media (max-width: 991px)': { flexDirection: 'column', position: 'sticky', left: 0, width: 'fit-content' },
  },
  part: {
    flex: '1 1 300px', minWidth: '260px', maxWidth: '560px',
    '@media (max-width: 991px)': { flex: 'none', width: '400px', maxWidth: 'calc(100vw - 48px)' },
  },
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** After a holds or override save, lists and balances on the page read the party again. */
function useRefreshParty() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['list'] });
    void queryClient.invalidateQueries({ queryKey: ['entity-balance'] });
  };
}

function HoldFields() {
  return (
    <FormGrid>
      <MoneyField name="hold_this_month" label="Hold this month" min={0} />
      <TextField name="hold_this_month_reason" label="Reason for this month's hold" maxLength={200} />
      <MoneyField name="hold_always" label="Hold always" min={0} />
      <TextField name="hold_always_reason" label="Reason for the standing hold" maxLength={200} />
    </FormGrid>
  );
}

/**
 * The holds block of an existing party (spec 2 §4 Holds): edits mark it dirty and enable
 * 'Update Holds', which saves only the four hold fields (PUT /api/entity/{code}); 'Undo
 * Changes' puts back the saved values. The fields belong to the editor's form, so its Save
 * sends the same values.
 */
export function HoldsBlock({ code }: { code: string }): ReactElement {
  const styles = useStyles();
  const form = useFormContext();
  const readOnly = useFieldsReadOnly();
  const { dirtyFields } = useFormState({ control: form.control, name: [...HOLD_FIELDS] });
  // Amounts reach the form when their field is left; typing already counts as an edit.
  const [typing, setTyping] = useState(false);
  const dirty = typing || HOLD_FIELDS.some((f) => Boolean(dirtyFields[f]));
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = useRefreshParty();

  const save = useMutation({
    mutationFn: async (body: ReturnType<typeof holdsBody>) => {
      const [result] = await Promise.all([api.put<{ message?: string }>(`/api/entity/${encodeURIComponent(code)}`, body, { quiet: true }), wait(HOLDS_FEEDBACK_MS)]);
      return { result, body };
    },
    onSuccess: ({ result, body }) => {
      // The saved values become the form's own, so the block is clean and Undo has nothing to undo.
      for (const f of HOLD_FIELDS) form.resetField(f, { defaultValue: body[f] ?? '' });
      setTyping(false);
      notify({ title: 'Holds Updated', body: result.message, intent: 'success' });
      refresh();
    },
    onError: (e) => setFailure(e.message),
  });

  const update = async () => {
    setFailure(null);
    if (await form.trigger([...HOLD_FIELDS])) save.mutate(holdsBody(form.getValues()));
  };

  return (
    <section className={styles.block} aria-label="Holds">
      <Subtitle2>Holds</Subtitle2>
      <div onInput={() => setTyping(true)}>
        <HoldFields />
      </div>
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      {readOnly ? null : (
        <div className={styles.actions}>
          <Button appearance="primary" disabled={!dirty || save.isPending} onClick={() => void update()}>
            {save.isPending ? 'Updating...' : 'Update Holds'}
          </Button>
          <Button
            disabled={!dirty || save.isPending}
            onClick={() => {
              setFailure(null);
              setTyping(false);
              for (const f of HOLD_FIELDS) form.resetField(f);
            }}
          >
            Undo Changes
          </Button>
        </div>
      )}
    </section>
  );
}

/** The holds of a party being added: plain fields of the new record. */
export function NewHoldsBlock(): ReactElement {
  const styles = useStyles();
  return (
    <section className={styles.block} aria-label="Holds">
      <Subtitle2>Holds</Subtitle2>
      <HoldFields />
    </section>
  );
}

/**
 * Charge Release Override (owners and pools, spec 2 §4 Holds): toggling an existing party saves
 * the flag at once; when on, unreleased charges carry forward to the next month.
 */
export function ChargeReleaseOverrideBlock({ code }: { code: string | null }): ReactElement {
  const styles = useStyles();
  const form = useFormContext();
  const readOnly = useFieldsReadOnly();
  const on = Boolean(useWatch({ control: form.control, name: 'charge_release_override' }));
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = useRefreshParty();

  const save = useMutation({
    mutationFn: async (value: boolean) => {
      const [result] = await Promise.all([
        api.put<{ message?: string }>(`/api/entity/${encodeURIComponent(code ?? '')}`, { charge_release_override: value }, { quiet: true }),
        wait(HOLDS_FEEDBACK_MS),
      ]);
      return { result, value };
    },
    onSuccess: ({ value }) => {
      form.resetField('charge_release_override', { defaultValue: value });
      notify({ title: value ? 'Charge Release Override is on' : 'Charge Release Override is off', intent: 'success' });
      refresh();
    },
    onError: (e) => {
      form.resetField('charge_release_override');
      setFailure(e.message);
    },
  });

  return (
    <section className={styles.block} aria-label="Charge Release Override">
      <Subtitle2>Charge Release Override</Subtitle2>
      <Switch
        label="Carry unreleased charges forward to the next month"
        checked={on}
        disabled={readOnly || save.isPending}
        onChange={(_, d) => {
          setFailure(null);
          form.setValue('charge_release_override', d.checked, { shouldDirty: !code });
          if (code) save.mutate(d.checked);
        }}
      />
      <Text size={200}>When on, charges not released this month carry forward to the next month instead of being released.</Text>
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
    </section>
  );
}

const holdsFormContract = entityHoldsContract.extend(entityOverrideContract.shape);

export interface PartyHoldsPanelProps {
  code: string;
  /** The party's saved holds and override, as its list row has them. */
  values: EntityHoldsInput & { charge_release_override: boolean };
  /** Owners and pools (hasChargeReleaseOverride). */
  withOverride: boolean;
  /** Shown beside the blocks, e.g. a per-door breakdown. */
  aside?: ReactNode;
}

/**
 * A party's holds outside its editor (e.g. an expanded disbursement row): the editor's holds and
 * override blocks on a form of their own, which saves and refreshes the lists just the same.
 */
export function PartyHoldsPanel({ code, values, withOverride, aside }: PartyHoldsPanelProps): ReactElement {
  const styles = useStyles();
  const form = useZodForm(holdsFormContract, values);
  return (
    <FormProvider {...form}>
      <div className={styles.panel} data-testid={`holds-panel-${code}`}>
        <div className={styles.part}>
          <HoldsBlock code={code} />
        </div>
        {withOverride ? (
          <div className={styles.part}>
            <ChargeReleaseOverrideBlock code={code} />
          </div>
        ) : null}
        {aside ? <div className={styles.part}>{aside}</div> : null}
      </div>
    </FormProvider>
  );
}
