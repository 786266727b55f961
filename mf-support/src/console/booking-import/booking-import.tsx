import { useState } from 'react';
import { Body1, Button, Card, CardHeader, MessageBar, MessageBarBody, Subtitle2 } from '@fluentui/react-components';
import { api, ProgressBar, useProgress } from 'shared-ui';
import { consoleCall } from '../console-call.js';

interface ImportResult {
  bookings?: number;
  applied?: number;
  errors?: number;
  message?: string;
}

/**
 * Booking System Import (spec 3 §2 'Support console', issue 15): the chosen company's first full
 * sync from the booking system named in its Control Settings (units and unit types, accounts,
 * then every booking from the start of the feed), with progress; the outcome or the booking
 * system's error is shown when it ends.
 */
export function BookingImport({ database }: { database: string }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const progress = useProgress(jobId, { base: '/api/support/booking_import/' });
  const start = async () => {
    const answer = await consoleCall('Booking system import', () => api.post<{ data: { id: string }; message: string }>('/api/support/booking_import', {}, { quiet: true }));
    if (answer) setJobId(answer.data.id);
  };
  const running = jobId !== null && progress.active;
  const finished = jobId !== null && !progress.active;
  const result = (progress.result ?? null) as ImportResult | null;
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Booking System Import</Subtitle2>} />
      <Body1>
        Reads {database || 'the chosen company'}'s units, unit types and accounts from the booking system set in its Control Settings, then every
        booking from the start of the booking system's feed, receipting and distributing them as a sync does. Run it once for a new company;
        after that Sync Now and the scheduled sync read what changed.
      </Body1>
      <div>
        <Button appearance="primary" disabled={!database || running} onClick={() => void start()}>Import From Booking System</Button>
      </div>
      {jobId && progress.visible && <ProgressBar percent={progress.percent} message={progress.message} label="Booking system import" />}
      {finished && progress.error && (
        <MessageBar intent="error"><MessageBarBody>{progress.error.message}</MessageBarBody></MessageBar>
      )}
      {finished && !progress.error && result && (
        <MessageBar intent={result.errors ? 'warning' : 'success'}>
          <MessageBarBody>
            Import finished: {result.message ?? `${result.bookings ?? 0} bookings read`}
          </MessageBarBody>
        </MessageBar>
      )}
    </Card>
  );
}
