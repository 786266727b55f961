import { useState } from 'react';
import {
  Body1, Button, Card, CardHeader, Field, MessageBar, MessageBarBody, Select, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow,
} from '@fluentui/react-components';
import { ENTITY_IMPORT_FIELDS, IMPORT_ENTITY_TYPES, type ImportRowError } from 'api/contracts/support';
import { api, ApiFailure, notify } from 'shared-ui';
import { consoleCall, SUPPORT_TOAST_MS } from '../console-call.js';

interface Preview { records: number; existing: number; type: string; company: string }

/**
 * Import (spec 3 §5 'Import'): only ENTITY, default type OWNER. The chosen CSV is previewed by the
 * server (how many records, how many of the type already exist); Import then checks every record
 * and imports all of them or none, listing each row at fault.
 */
export function ImportEntities({ database }: { database: string }) {
  const [entityType, setEntityType] = useState<(typeof IMPORT_ENTITY_TYPES)[number]>('OWNER');
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [rows, setRows] = useState<ImportRowError[]>([]);

  const check = async (text: string, type = entityType) => {
    setRows([]);
    setPreview(null);
    if (!text) return;
    try {
      setPreview((await api.post<{ data: Preview }>('/api/support/imports/preview', { type: 'ENTITY', entityType: type, importData: text }, { quiet: true })).data);
    } catch (e) {
      notify({ title: 'Import', body: e instanceof Error ? e.message : String(e), intent: 'error', timeout: SUPPORT_TOAST_MS });
    }
  };
  const choose = async (file: File | undefined) => {
    const text = file ? await file.text() : '';
    setCsv(text);
    await check(text);
  };
  const run = async () => {
    setRows([]);
    const done = await consoleCall('Import', async () => {
      try {
        return await api.post<{ message: string }>('/api/support/imports', { type: 'ENTITY', entityType, importData: csv }, { quiet: true });
      } catch (e) {
        if (e instanceof ApiFailure && Array.isArray(e.data.rows)) setRows(e.data.rows as ImportRowError[]);
        throw e;
      }
    });
    if (done) await check(csv);
  };

  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Import</Subtitle2>} description={database ? `Into ${database}` : 'Choose a company above first.'} />
      <Field label="Import type"><Select value="ENTITY" disabled><option value="ENTITY">ENTITY</option></Select></Field>
      <Field label="Entity type">
        <Select value={entityType} onChange={(_, d) => { const t = d.value as typeof entityType; setEntityType(t); void check(csv, t); }}>
          {IMPORT_ENTITY_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
        </Select>
      </Field>
      <Field label="CSV file" hint={`Header row with any of: ${ENTITY_IMPORT_FIELDS.join(', ')}. A record without a Code gets one from its surname.`}>
        <input type="file" accept=".csv,text/csv" aria-label="CSV file" disabled={!database} onChange={(e) => void choose(e.target.files?.[0])} />
      </Field>
      {preview && preview.existing > 0 && (
        <MessageBar intent="warning"><MessageBarBody>There are already {preview.existing} records for {preview.type}. These may be overriden by this import</MessageBarBody></MessageBar>
      )}
      <div>
        <Button appearance="primary" disabled={!preview || preview.records === 0} onClick={() => void run()}>
          {preview ? `Import ${preview.records} record${preview.records === 1 ? '' : 's'}` : 'Import'}
        </Button>
      </div>
      {rows.length > 0 && (
        <>
          <Body1>Nothing was imported. Correct these rows and import the file again:</Body1>
          <Table aria-label="Rows with errors" size="small">
            <TableHeader><TableRow><TableHeaderCell>Line</TableHeaderCell><TableHeaderCell>Code</TableHeaderCell><TableHeaderCell>Errors</TableHeaderCell></TableRow></TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.line}>
                  <TableCell>{r.line}</TableCell>
                  <TableCell>{r.code ?? ''}</TableCell>
                  <TableCell>{r.errors.map((e) => `${e.path}: ${e.msg}`).join('; ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Card>
  );
}
