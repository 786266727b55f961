import { useState } from 'react';
import {
  Badge, Body1, Button, Card, CardHeader, MessageBar, MessageBarBody, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow,
} from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchemaUpdateResult } from 'api/contracts/support';
import { api, ProgressBar, useProgress } from 'shared-ui';
import { consoleCall } from '../console-call.js';

const STATUS_KEY = ['support', 'table_update'] as const;

/**
 * Schema update (spec 3 §5): every company schema to this build's latest migrations, with progress
 * and each company's outcome; one company's failure is listed and the others carry on.
 */
export function SchemaUpdate() {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api.get<{ data: { status: string; finishedAt: string | null } | null; results: SchemaUpdateResult[] }>('/api/support/table_update'),
  });
  const progress = useProgress(jobId, { base: '/api/progress/support/', onComplete: () => void queryClient.invalidateQueries({ queryKey: STATUS_KEY }) });
  const start = async () => {
    const answer = await consoleCall('Schema update', () => api.post<{ data: { id: string }; message: string }>('/api/support/table_update', {}, { quiet: true }));
    if (answer) setJobId(answer.data.id);
  };
  const running = jobId !== null && progress.active;
  const results = status.data?.results ?? [];
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Schema Update</Subtitle2>} />
      <MessageBar intent="warning">
        <MessageBarBody>Schema update changes every company's database and cannot be undone: it is destructive. Make a backup of each company first.</MessageBarBody>
      </MessageBar>
      <div><Button appearance="primary" disabled={running} onClick={() => void start()}>Update All Companies</Button></div>
      {jobId && progress.visible && <ProgressBar percent={progress.percent} message={progress.message} label="Schema update" />}
      {results.length > 0 ? (
        <Table aria-label="Schema update results" size="small">
          <TableHeader><TableRow><TableHeaderCell>Company</TableHeaderCell><TableHeaderCell>Result</TableHeaderCell><TableHeaderCell>Detail</TableHeaderCell></TableRow></TableHeader>
          <TableBody>
            {results.map((r) => (
              <TableRow key={r.code}>
                <TableCell>{r.code}</TableCell>
                <TableCell><Badge color={r.status === 'ok' ? 'success' : 'danger'}>{r.status === 'ok' ? 'Up to date' : 'Failed'}</Badge></TableCell>
                <TableCell>{r.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : <Body1>No schema update has run yet.</Body1>}
    </Card>
  );
}
