import { useState } from 'react';
import {
  Body1, Button, Card, CardHeader, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Select, Subtitle2,
} from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { REMOVE_COMPANY_MESSAGES } from 'api/contracts/support';
import { api } from 'shared-ui';
import { COMPANIES_KEY, consoleCall, useCompanies } from '../console-call.js';
import { removeRefusal } from './rules.js';

/**
 * Remove Company Database (spec 3 §5 'Remove company'): god level only, never the company the
 * console has selected; the server keeps a backup in the control archive before the schema goes.
 */
export function RemoveCompany({ database, godLevel }: { database: string; godLevel: boolean }) {
  const queryClient = useQueryClient();
  const companies = useCompanies();
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const refusal = removeRefusal({ godLevel, current: database, chosen });
  const remove = async () => {
    setConfirming(false);
    const done = await consoleCall('Remove company', () => api.post<{ message: string }>('/api/support/removedb', { db_name: chosen }, { quiet: true }));
    if (done) {
      setChosen('');
      await queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
    }
  };
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Remove Company Database</Subtitle2>} />
      {!godLevel && <MessageBar intent="warning"><MessageBarBody>{REMOVE_COMPANY_MESSAGES.notGod}</MessageBarBody></MessageBar>}
      <Field label="Company to remove" validationMessage={godLevel && chosen && refusal ? refusal : undefined}>
        <Select value={chosen} onChange={(_, d) => setChosen(d.value)} disabled={!godLevel}>
          <option value="">Choose a company</option>
          {companies.data?.map((c) => <option key={c.code} value={c.code}>{c.name} ({c.code})</option>)}
        </Select>
      </Field>
      <Body1>A backup of the company is kept in the control archive first (Backup → Removed companies' backups); then its books and every user's access to it are removed.</Body1>
      <div><Button appearance="primary" disabled={refusal !== null} onClick={() => setConfirming(true)}>Remove Company</Button></div>
      <Dialog open={confirming} onOpenChange={(_, d) => setConfirming(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Remove {chosen}?</DialogTitle>
            <DialogContent>Its books and every user's access to it are removed. Its backup stays in the control archive.</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setConfirming(false)}>Cancel</Button>
              <Button appearance="primary" onClick={() => void remove()}>Remove</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
