import { useState, type ReactElement } from 'react';
import { Button } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { api, notify, startupKeys, useControl } from 'shared-ui/core';

/**
 * GP Sync (spec 3 §2 'Reference data editors', spec 2 §2 'Units'): runs one of the existing
 * booking-system syncs (units, unit types, accounts) and shows 'Sync Complete!' with the server's
 * message (spec 2 §8). Offered only when Control Settings name a booking system.
 */
export function GpSyncButton({ path, onSynced }: { path: '/api/unit/sync' | '/api/unit/sync_unittype' | '/api/account/sync'; onSynced?: () => void }): ReactElement | null {
  const control = useControl().data;
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  if (!control?.gp_host) return null;
  const run = async () => {
    setRunning(true);
    try {
      const answer = await api.post<{ message?: string; error?: boolean }>(path, {}, { quiet: true });
      notify({ title: 'Sync Complete!', body: answer.message, intent: answer.error ? 'error' : 'success', timeout: 4000 });
      await queryClient.invalidateQueries({ queryKey: startupKeys.lookups });
      onSynced?.();
    } catch (e) {
      notify({ title: 'Sync Complete!', body: e instanceof Error ? e.message : String(e), intent: 'error', timeout: 4000 });
    } finally {
      setRunning(false);
    }
  };
  return <Button icon={<ArrowSyncRegular />} disabled={running} onClick={() => void run()}>GP Sync</Button>;
}
