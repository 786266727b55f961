import { useEffect, useState } from 'react';
import {
  Body1, Button, Card, CardHeader, Field, MessageBar, MessageBarBody, Spinner, Subtitle2, Tab, TabList, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CONTROL_SETTING_KEYS, controlSettingsContract, type ControlRecord } from 'api/contracts/control';
import { STATEMENT_FORMATS } from 'api/contracts/common';
import { MONTH_NAMES } from 'api/contracts/lookup';
import {
  ApiFailure, CheckboxField, MultilineField, NumberField, PercentField, SelectField, TextField, api, applyServerErrors, formatDate, formatMoney,
  notify, queryClient, startupKeys, useLookups, useZodForm, type Lookups, FormProvider } from 'shared-ui';
import { FormGrid, Wide } from '../common/form-grid.js';
import { lookupOptions, mapOptions } from '../common/lookups.js';
import { CONTROL_ACCOUNT_LABELS, CONTROL_SAVED, CONTROL_TEMPLATE_LABELS, SYNC_FREQUENCY_OPTIONS, controlFormValues } from './control-fields.js';
import { LogoTab } from './logo-tab.js';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tabs: { overflowX: 'auto' },
  info: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

const TABS = ['Information', 'General Settings', 'Booking-system Sync', 'Control Accounts', 'Statements', 'Templates', 'Receipt Text', 'Logo'] as const;
type TabName = (typeof TABS)[number];

function ReadOnlyValue({ label, value }: { label: string; value: string }) {
  return (
    <Field label={label}>
      <Text>{value || '-'}</Text>
    </Field>
  );
}

function TabBody({ tab, record, lookups }: { tab: TabName; record: ControlRecord; lookups: Lookups | undefined }) {
  const styles = useStyles();
  const accounts = (key: string) => lookupOptions(lookups?.account, 'id', ['description'], record[key as keyof ControlRecord]);
  const templates = (key: string) => lookupOptions(lookups?.templates, 'name', ['description'], record[key as keyof ControlRecord]);
  switch (tab) {
    case 'Information':
      return (
        <>
          <div className={styles.info}>
            <ReadOnlyValue label="Company" value={`${record.db_name} ${record.company_name ?? ''}`} />
            <ReadOnlyValue label="Current period" value={record.month_year_startcase} />
            <ReadOnlyValue label="Ledger first date" value={formatDate(record.ledger_first_date)} />
            <ReadOnlyValue label="Ledger last date" value={formatDate(record.ledger_last_date)} />
            <ReadOnlyValue label="Last reconciliation" value={formatDate(record.last_reconcile_date)} />
            <ReadOnlyValue label="Bank balance" value={record.bank_balance === null ? '' : formatMoney(record.bank_balance)} />
          </div>
          <FormGrid>
            <SelectField name="current_month" label="Current month" required options={MONTH_NAMES.map((m, i) => ({ value: i + 1, label: m }))} />
            <NumberField name="current_year" label="Current year" required decimals={0} min={2000} max={2100} />
            <TextField name="licencee_name" label="Licencee name" maxLength={100} />
            <TextField name="licence_no" label="Licence number" maxLength={40} />
          </FormGrid>
        </>
      );
    case 'General Settings':
      return (
        <FormGrid>
          <TextField name="time_zone" label="Time zone (business date)" maxLength={40} hint="IANA name, e.g. Australia/Sydney" />
          <TextField name="bank_account_name" label="Trust account name" maxLength={32} />
          <TextField name="bank_code" label="Bank code (ABA)" upperCase maxLength={3} hint="3 letters, e.g. CBA" />
          <TextField name="bank_bsb" label="BSB" maxLength={7} hint="NNN-NNN" />
          <TextField name="bank_account_number" label="Account number" maxLength={12} />
          <TextField name="bank_account_id" label="APCA user id" maxLength={6} hint="6 digits" />
          <SelectField
            name="unallocated_entity"
            label="Unallocated funds entity"
            placeholder="None"
            options={lookupOptions(lookups?.entity?.filter((e) => e.type === 'UNALLOC' || e.code === record.unallocated_entity), 'code', ['name'], record.unallocated_entity)}
          />
          <PercentField name="equal_distribution_variance" label="Equal distribution variance" min={0} max={100} />
          <TextField name="navbar_color" label="Navigation bar colour" maxLength={20} hint="A CSS colour, e.g. #0f6cbd" />
          <CheckboxField name="enable_pools" label="Enable owner pools" />
          <CheckboxField name="disbursement_approval" label="Disbursements need approval (month end)" />
        </FormGrid>
      );
    case 'Booking-system Sync':
      return (
        <FormGrid>
          <Wide>
            <TextField name="gp_host" label="Endpoint URL" type="url" maxLength={200} />
          </Wide>
          <TextField name="gp_user" label="Endpoint user" maxLength={100} autoComplete="off" />
          <TextField
            name="gp_pwd"
            label="Endpoint password"
            type="password"
            autoComplete="new-password"
            hint={record.gp_pwd_set ? 'A password is stored; leave blank to keep it' : 'No password stored'}
          />
          <SelectField name="sync_frequency" label="Sync frequency" required options={SYNC_FREQUENCY_OPTIONS} />
          <ReadOnlyValue label="Last sync" value={record.last_sync_date ?? ''} />
          <ReadOnlyValue label="Last sync run" value={record.last_sync_run_date ?? ''} />
        </FormGrid>
      );
    case 'Control Accounts':
      return (
        <FormGrid>
          {Object.entries(CONTROL_ACCOUNT_LABELS).map(([key, label]) => (
            <SelectField key={key} name={key} label={label} placeholder="None" options={accounts(key)} />
          ))}
        </FormGrid>
      );
    case 'Statements':
      return (
        <FormGrid>
          <SelectField name="default_statement_format" label="Default statement format" required options={mapOptions(STATEMENT_FORMATS)} />
          <Wide>
            <MultilineField name="statement_message_owners" label="Message to owners" rows={3} />
          </Wide>
          <Wide>
            <MultilineField name="statement_message_suppliers" label="Message to suppliers" rows={3} />
          </Wide>
          <Wide>
            <MultilineField name="statement_message_tenants" label="Message to tenants" rows={3} />
          </Wide>
        </FormGrid>
      );
    case 'Templates':
      return (
        <FormGrid>
          {Object.entries(CONTROL_TEMPLATE_LABELS).map(([key, label]) => (
            <SelectField key={key} name={key} label={label} placeholder="None" options={templates(key)} />
          ))}
        </FormGrid>
      );
    case 'Receipt Text':
      return (
        <FormGrid>
          <TextField name="receipt_name" label="Receipt name" maxLength={100} />
          <Wide>
            <MultilineField name="receipt_text" label="Receipt text" rows={4} />
          </Wide>
          <Wide>
            <MultilineField name="receipt_legal" label="Receipt legal text" rows={4} />
          </Wide>
        </FormGrid>
      );
    case 'Logo':
      return <LogoTab />;
  }
}

/** Control Settings (spec 3 §2): the company's settings, edited in one record and saved together. */
export default function ControlScreen() {
  const styles = useStyles();
  const lookups = useLookups().data;
  const [tab, setTab] = useState<TabName>('Information');
  const [alert, setAlert] = useState<string | null>(null);
  const record = useQuery({
    queryKey: ['control-settings'],
    queryFn: () => api.get<{ data: ControlRecord }>('/api/control', { quiet: true }).then((r) => r.data),
    gcTime: 0,
    staleTime: 0,
  });
  const form = useZodForm(controlSettingsContract);

  useEffect(() => {
    if (record.data) form.reset(controlFormValues(record.data, CONTROL_SETTING_KEYS) as never);
  }, [record.data]);

  const save = useMutation({
    mutationFn: (values: unknown) => api.post<{ data: ControlRecord; message?: string }>('/api/control', values, { quiet: true }),
    onSuccess: async () => {
      notify({ ...CONTROL_SAVED, intent: 'success' });
      // The shell and every list read the startup copy of the control record.
      await queryClient.invalidateQueries({ queryKey: startupKeys.control });
      await record.refetch();
    },
    onError: (failure) => {
      const general = failure instanceof ApiFailure ? applyServerErrors(form.setError, failure.errors) : [];
      setAlert([failure.message, ...general.filter((m) => m !== failure.message)].join(' '));
    },
  });

  const submit = form.handleSubmit(
    (values) => {
      setAlert(null);
      save.mutate(values);
    },
    // A field with an error may sit on another tab: say so rather than fail silently.
    () => setAlert('Some settings are not valid; check the fields marked in red on each tab.'),
  );

  return (
    <Card className={styles.card}>
      <CardHeader header={<Subtitle2 as="h2">Control Settings</Subtitle2>} />
      {record.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{record.error.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      {alert ? (
        <MessageBar intent="error" data-testid="editor-alert">
          <MessageBarBody>{alert}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!record.data ? (
        record.isPending ? <Spinner size="small" label="Loading..." /> : null
      ) : (
        <FormProvider {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabName)} aria-label="Control settings sections">
              {TABS.map((t) => (
                <Tab key={t} value={t}>
                  {t}
                </Tab>
              ))}
            </TabList>
            <div style={{ paddingBlock: tokens.spacingVerticalM }}>
              <TabBody tab={tab} record={record.data} lookups={lookups} />
            </div>
            {tab === 'Logo' ? (
              <Body1>The logo is saved as soon as it is uploaded.</Body1>
            ) : (
              <div className={styles.actions}>
                <Button disabled={save.isPending} onClick={() => form.reset(controlFormValues(record.data!, CONTROL_SETTING_KEYS) as never)}>
                  Cancel
                </Button>
                <Button appearance="primary" type="submit" disabled={save.isPending}>
                  Save
                </Button>
              </div>
            )}
          </form>
        </FormProvider>
      )}
    </Card>
  );
}

