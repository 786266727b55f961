import { useState } from 'react';
import { Body1, Button, Card, CardHeader, Field, Input, Select, Subtitle2 } from '@fluentui/react-components';
import { api } from 'shared-ui';
import { consoleCall, useCompanies } from '../console-call.js';

/**
 * God Mode Utilities (god level only; issue 15 asked to choose): clear a month-end lock a user
 * left behind, and end every session of a company's users. Each needs a reason, which the system
 * log keeps with who used it.
 */
export function GodUtilities({ database }: { database: string }) {
  const companies = useCompanies();
  const [company, setCompany] = useState(database);
  const [reason, setReason] = useState('');
  const ready = company !== '' && reason.trim().length >= 5;
  const run = (title: string, path: string) => consoleCall(title, () => api.post<{ message: string }>(path, { db_name: company, reason }, { quiet: true }));
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">God Mode Utilities</Subtitle2>} />
      <Field label="Company" required>
        <Select value={company} onChange={(_, d) => setCompany(d.value)}>
          <option value="">Choose a company</option>
          {companies.data?.map((c) => <option key={c.code} value={c.code}>{c.name} ({c.code})</option>)}
        </Select>
      </Field>
      <Field label="Reason (kept in the system log)" required hint="At least 5 characters">
        <Input value={reason} onChange={(_, d) => setReason(d.value)} maxLength={300} />
      </Field>
      <Body1>Clear Month-End Lock aborts a month end its user cannot finish, so others may post again. End All Sessions signs out every user of the company (support users aside).</Body1>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button disabled={!ready} onClick={() => void run('Clear month-end lock', '/api/support/god/unlock')}>Clear Month-End Lock</Button>
        <Button disabled={!ready} onClick={() => void run('End all sessions', '/api/support/god/revoke')}>End All Sessions</Button>
      </div>
    </Card>
  );
}
