import { useState } from 'react';
import {
  Body1, Button, Card, CardHeader, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Subtitle2,
  Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow,
} from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, formatArchiveStamp, notify, saveBlob } from 'shared-ui';
import { COMPANIES_KEY, consoleCall, SUPPORT_TOAST_MS } from '../console-call.js';

interface ControlBackup { id: number; date: string; user_code: string; company: string; reason: string; blob_id: string; size: number }

/** The file name the server gives in Content-Disposition, else the fallback. */
const filenameOf = (res: Response, fallback: string) => /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

async function download(path: string, fallback: string) {
  try {
    const res = await api.get<Response>(path, { raw: true, quiet: true });
    saveBlob(await res.blob(), filenameOf(res, fallback));
  } catch (e) {
    notify({ title: 'Backup', body: e instanceof Error ? e.message : String(e), intent: 'error', timeout: SUPPORT_TOAST_MS });
  }
}

/**
 * Backup (spec 3 §7 'Backup and export'; docs/backup.md): the selected company's .pgb download;
 * a restore into a new company code, or over an existing company after confirmation; and the
 * backups the control area kept of removed companies.
 */
export function BackupRestore({ database }: { database: string }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [code, setCode] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const kept = useQuery({ queryKey: ['support', 'backups'], queryFn: () => api.get<{ data: ControlBackup[] }>('/api/support/backups').then((r) => r.data) });

  const restore = async () => {
    setConfirming(false);
    if (!file) return;
    setBusy(true);
    const done = await consoleCall('Restore', () => api.post<{ message: string }>('/api/support/restore', file, { quiet: true, query: { code, overwrite: overwrite ? 'true' : 'false' } }));
    setBusy(false);
    if (done) await queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
  };

  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <Card>
        <CardHeader header={<Subtitle2 as="h2">Backup</Subtitle2>} />
        <Body1>{database ? `A .pgb backup of ${database}: its books, its archive documents and its users' access, read in one consistent snapshot.` : 'Choose a company above to back it up.'}</Body1>
        <div><Button appearance="primary" disabled={!database} onClick={() => void download('/api/util/backup', `${database}.pgb`)}>Download Backup</Button></div>
      </Card>
      <Card>
        <CardHeader header={<Subtitle2 as="h2">Restore</Subtitle2>} />
        <Field label="Backup file (.pgb)" required>
          <input type="file" accept=".pgb" aria-label="Backup file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field>
        <Field label="Company code to restore into" required hint={overwrite ? 'The existing company of this code is replaced.' : 'A new company, 8 to 20 characters.'}>
          <Input value={code} onChange={(_, d) => setCode(d.value.toUpperCase())} maxLength={20} />
        </Field>
        <Checkbox checked={overwrite} onChange={(_, d) => setOverwrite(d.checked === true)} label="Restore over the existing company" />
        <div><Button appearance="primary" disabled={!file || !code || busy} onClick={() => (overwrite ? setConfirming(true) : void restore())}>{busy ? 'Restoring…' : 'Restore'}</Button></div>
      </Card>
      <Card>
        <CardHeader header={<Subtitle2 as="h2">Removed companies' backups</Subtitle2>} />
        {kept.data?.length ? (
          <Table aria-label="Removed companies' backups" size="small">
            <TableHeader><TableRow><TableHeaderCell>Date</TableHeaderCell><TableHeaderCell>Company</TableHeaderCell><TableHeaderCell>User</TableHeaderCell><TableHeaderCell>File</TableHeaderCell><TableHeaderCell /></TableRow></TableHeader>
            <TableBody>
              {kept.data.map((b) => (
                <TableRow key={b.id}>
                  <TableCell>{formatArchiveStamp(b.date)}</TableCell>
                  <TableCell>{b.company}</TableCell>
                  <TableCell>{b.user_code}</TableCell>
                  <TableCell>{b.blob_id}</TableCell>
                  <TableCell><Button size="small" onClick={() => void download(`/api/support/backups/${b.id}`, b.blob_id)}>Download</Button></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : <Body1>No company has been removed.</Body1>}
      </Card>
      <Dialog open={confirming} onOpenChange={(_, d) => setConfirming(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Replace {code}?</DialogTitle>
            <DialogContent>Everything in {code} since this backup was taken is lost. Take a backup of it first if unsure.</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setConfirming(false)}>Cancel</Button>
              <Button appearance="primary" onClick={() => void restore()}>Replace</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
