import { useEffect, useState, type ReactElement } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle,
  MessageBar, MessageBarBody, MessageBarTitle, Spinner, Tab, TabList, Text,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { api, ApiFailure, notify, useSubmissionKey } from 'shared-ui/core';
import { applyServerErrors } from '../fields/errors.js';
import { FieldsReadOnlyContext } from '../fields/readOnly.js';
import { newRecordValues, toFormValues, toWireValues } from '../fields/values.js';
import { canDelete, deleteFailureMessage, isReadOnly, keyPath, saveMode, savePlan } from './rules.js';
import type { EditorContext, EditorSize, ListRecord, RecordEditorConfig } from './types.js';

const SIZES: Record<EditorSize, number> = { small: 420, medium: 640, large: 900, 'extra large': 1200 };

export const TOAST_TIMEOUT = 4000;

export interface RecordEditorProps<Row extends ListRecord> extends RecordEditorConfig<Row> {
  /** Key of the record to read; null adds a new record. */
  recordKey: string | number | null;
  onClose: () => void;
  /** List queries to refresh after a save or delete. */
  invalidate?: QueryKey;
}

type Alert = { intent: 'error' | 'warning'; title?: string; message: string };

/** Paths of the four record calls, each defaulting to the base path. */
export function recordPaths(config: Pick<RecordEditorConfig, 'path' | 'readPath' | 'createPath' | 'updatePath' | 'deletePath'>) {
  const base = config.path ?? '';
  return {
    readPath: config.readPath ?? base,
    createPath: config.createPath ?? base,
    updatePath: config.updatePath ?? base,
    deletePath: config.deletePath ?? base,
  };
}

/**
 * The modal editor of the list-and-editor pattern (spec 1 §2.3, §4.3): reads the record by key,
 * saves by POST or PUT depending on _pk, deletes after a confirmation, and keeps itself open
 * with the server's message when a call fails. It does not close on an overlay click.
 */
export function RecordEditor<Row extends ListRecord>(props: RecordEditorProps<Row>): ReactElement {
  const { keyField = 'id', fieldKinds, editorSize = 'extra large', closeOnSave = true, onClose, invalidate } = props;
  const paths = recordPaths(props);
  const queryClient = useQueryClient();
  const [currentKey, setCurrentKey] = useState(props.recordKey);
  const [alert, setAlert] = useState<Alert | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [warning, setWarning] = useState<{ message: string; values: FieldValues } | null>(null);
  const [tab, setTab] = useState(props.editorTabs?.[0]?.value ?? '');

  const recordQuery = useQuery({
    queryKey: ['record', paths.readPath, currentKey],
    queryFn: () => api.get<{ data: Row }>(keyPath(paths.readPath, currentKey!), { quiet: true }).then((r) => r.data),
    enabled: currentKey !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const record: Row | null = currentKey === null ? null : (recordQuery.data ?? null);

  // Defaults are read once per opening of the editor.
  const [newValues] = useState(() =>
    newRecordValues(fieldKinds ?? {}, typeof props.defaults === 'function' ? props.defaults() : (props.defaults ?? {})),
  );

  const form = useForm<FieldValues>({
    resolver: props.schema ? (zodResolver(props.schema as never) as never) : undefined,
    defaultValues: currentKey === null ? newValues : undefined,
    mode: 'onTouched',
  });

  useEffect(() => {
    if (!record) return;
    const values = toFormValues(record, fieldKinds);
    form.reset(props.toForm ? props.toForm(values) : values);
    // Reset only when a (re)read record arrives, not on every render of the caller's callbacks.
  }, [record]);

  useEffect(() => {
    if (recordQuery.error) setAlert({ intent: 'error', message: recordQuery.error.message });
  }, [recordQuery.error]);

  const readOnly = isReadOnly(record, props.readOnly) || Boolean(props.readOnlyOnceSaved && record);
  const isNew = saveMode(record) === 'create';
  const loading = currentKey !== null && recordQuery.isPending;

  // Creating posts (receipts, payments, journals, charges): a double click or retry must not post twice.
  const submission = useSubmissionKey();
  const save = useMutation({
    mutationFn: async (values: FieldValues) => {
      const body = props.toBody ? props.toBody(values, record) : toWireValues(values, fieldKinds);
      const plan = savePlan(record ?? {}, paths, keyField);
      const result =
        plan.method === 'POST'
          ? await api.post<{ data: Row; message?: string }>(plan.path, body, { quiet: true, headers: submission.headers(body) })
          : await api.put<{ data: Row; message?: string }>(plan.path, body, { quiet: true });
      return { result, mode: plan.method === 'POST' ? ('create' as const) : ('update' as const) };
    },
    onSuccess: async ({ result, mode }) => {
      submission.done();
      const message = result.message ?? (mode === 'create' ? 'Record Created' : 'Record Updated');
      notify(props.savedNotice ? props.savedNotice(result.data, mode, message) : { title: message, intent: 'success', timeout: TOAST_TIMEOUT });
      if (invalidate) await queryClient.invalidateQueries({ queryKey: invalidate });
      props.afterSave?.(result.data, mode);
      if (closeOnSave) {
        onClose();
        return;
      }
      const savedKey = (result.data?.[keyField] ?? result.data?._pk ?? currentKey) as string | number | null;
      if (savedKey === currentKey) await recordQuery.refetch();
      else setCurrentKey(savedKey);
    },
    onError: (failure) => {
      const general = failure instanceof ApiFailure ? applyServerErrors(form.setError, failure.errors) : [];
      setAlert({ intent: 'error', message: [failure.message, ...general.filter((m) => m !== failure.message)].join(' ') });
    },
  });

  const remove = useMutation({
    mutationFn: () => {
      const key = (record?.[keyField] ?? record?._pk ?? currentKey) as string | number;
      return api.delete<{ message?: string }>(keyPath(paths.deletePath, key), { quiet: true });
    },
    onSuccess: async (result) => {
      notify({ title: result.message ?? 'Record Deleted.', intent: 'warning', timeout: TOAST_TIMEOUT });
      if (invalidate) await queryClient.invalidateQueries({ queryKey: invalidate });
      if (record) props.afterDelete?.(record);
      onClose();
    },
    onError: (failure) => {
      setConfirmingDelete(false);
      setAlert({ intent: 'error', message: deleteFailureMessage(failure, record, currentKey) });
    },
  });

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    const message = props.saveWarning?.(values, record);
    if (message) setWarning({ message, values });
    else save.mutate(values);
  });

  const ctx: EditorContext<Row> = { form, record, isNew, readOnly, close: onClose };
  const busy = save.isPending || remove.isPending;
  const title = props.editorTitle?.(record, isNew) ?? (isNew ? 'Add Record' : readOnly ? 'View Record' : 'Edit Record');
  const tabs = props.editorTabs?.filter((t) => !t.visible || t.visible(ctx));
  const activeTab = tabs?.find((t) => t.value === tab) ?? tabs?.[0];

  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface style={{ width: SIZES[editorSize], maxWidth: '96vw' }} aria-label={title}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              {alert ? (
                <MessageBar intent={alert.intent} style={{ marginBottom: 8 }} data-testid="editor-alert">
                  <MessageBarBody>
                    {alert.title ? <MessageBarTitle>{alert.title}</MessageBarTitle> : null}
                    {alert.message}
                  </MessageBarBody>
                </MessageBar>
              ) : null}
              {warning ? (
                <MessageBar intent="warning" style={{ marginBottom: 8 }} data-testid="editor-warning">
                  <MessageBarBody>{warning.message}</MessageBarBody>
                </MessageBar>
              ) : null}
              {loading ? (
                <Spinner size="small" label="Loading..." />
              ) : (
                <FormProvider {...form}>
                  <FieldsReadOnlyContext.Provider value={readOnly}>
                    {props.editorToolbar?.(ctx)}
                    {tabs && activeTab ? (
                      <>
                        <TabList selectedValue={activeTab.value} onTabSelect={(_, d) => setTab(String(d.value))} style={{ marginBottom: 8 }}>
                          {tabs.map((t) => (
                            <Tab key={t.value} value={t.value}>
                              {t.label}
                            </Tab>
                          ))}
                        </TabList>
                        {activeTab.render(ctx)}
                      </>
                    ) : (
                      props.editor?.(ctx)
                    )}
                  </FieldsReadOnlyContext.Provider>
                </FormProvider>
              )}
            </DialogContent>
            <DialogActions fluid style={{ justifyContent: 'flex-end' }}>
              {readOnly ? (
                <Button appearance="primary" onClick={onClose}>
                  Close
                </Button>
              ) : warning ? (
                <>
                  <Button appearance="primary" disabled={busy} onClick={() => { save.mutate(warning.values); setWarning(null); }}>
                    Proceed
                  </Button>
                  <Button disabled={busy} onClick={() => setWarning(null)}>
                    Cancel
                  </Button>
                </>
              ) : confirmingDelete ? (
                <>
                  <Text weight="semibold" style={{ color: 'var(--colorPaletteRedForeground1)', alignSelf: 'center' }}>
                    CONFIRM DELETION
                  </Text>
                  <Button appearance="primary" disabled={busy} onClick={() => remove.mutate()}>
                    YES
                  </Button>
                  <Button disabled={busy} onClick={() => setConfirmingDelete(false)}>
                    NO
                  </Button>
                </>
              ) : (
                <>
                  {!isNew && canDelete(record) ? (
                    <Button disabled={busy || loading} onClick={() => { setAlert(null); setConfirmingDelete(true); }}>
                      Delete
                    </Button>
                  ) : null}
                  <Button disabled={busy} onClick={onClose}>
                    Cancel
                  </Button>
                  <Button appearance="primary" type="submit" disabled={busy || loading || props.saveDisabled}>
                    Save
                  </Button>
                </>
              )}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
