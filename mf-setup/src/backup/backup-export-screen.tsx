import { useState } from 'react';
import { Body1, Button, Card, CardHeader, MessageBar, MessageBarBody, Subtitle2 } from '@fluentui/react-components';
import { api, saveBlob } from 'shared-ui';

/** The file name the server gives in Content-Disposition, else the fallback. */
const filenameOf = (res: Response, fallback: string) => /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * System Backup and Export (spec 3 §2): 'GET EXPORT DATA NOW' downloads every model of the company
 * as JSON (GET /api/util/export?model=all), and afterwards a warning asks to make sure the browser
 * kept the file (spec 3 §8). A restorable .pgb backup is taken by support (the console's Backup).
 */
export default function BackupExportScreen() {
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const exportNow = async () => {
    setBusy(true);
    try {
      const res = await api.get<Response>('/api/util/export', { raw: true, query: { model: 'all' } });
      const name = filenameOf(res, 'export.json');
      saveBlob(await res.blob(), name);
      setSaved(name);
    } catch {
      // The API client has shown the error dialog.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ maxWidth: 720 }}>
      <CardHeader header={<Subtitle2 as="h2">System Backup and Export</Subtitle2>} />
      <Body1>Downloads every record of this company (parties, units, transactions and postings, settings, the archive's list) as one JSON file. Amounts are in cents.</Body1>
      <div><Button appearance="primary" disabled={busy} onClick={() => void exportNow()}>{busy ? 'Exporting…' : 'GET EXPORT DATA NOW'}</Button></div>
      {saved && (
        <MessageBar intent="warning">
          <MessageBarBody>Please ensure that an export file ({saved}) has been downloaded by your browser.</MessageBarBody>
        </MessageBar>
      )}
    </Card>
  );
}
