import { useEffect, useState } from 'react';
import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMAIL_QUEUE_REFRESH_MS } from 'api/contracts/email';
import { api, EmailLogTable, emailLogKey, notify, queuedBanner, SendEmailDialog, UPDATE_PENDING, useEmailLog } from 'shared-ui';

/**
 * Email Log (spec 3 §2): Time Sent, Recipient, Sender, Subject, Status, Attach; the red banner
 * while messages wait; Send Now, after which 'Update is pending' shows and the list refreshes
 * after 5 seconds (spec 3 §4); View opens Details and Attachments. Send Email composes one.
 */
export default function EmailLogScreen() {
  const queryClient = useQueryClient();
  const log = useEmailLog();
  const [pending, setPending] = useState(false);
  const [composing, setComposing] = useState(false);
  const sendNow = useMutation({
    mutationFn: () => api.post<{ data: { message: string; configured: boolean } }>('/api/email/send'),
    onSuccess: (res) => {
      notify({ title: res.data.message, intent: res.data.configured ? 'success' : 'warning' });
      setPending(true);
    },
  });
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: emailLogKey() });
    }, EMAIL_QUEUE_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  const unsent = log.data?.unsent ?? 0;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button appearance="primary" disabled={sendNow.isPending} onClick={() => sendNow.mutate()}>Send Now</Button>
        <Button onClick={() => void log.refetch()}>Refresh</Button>
        <Button onClick={() => setComposing(true)}>Send Email</Button>
      </div>
      {pending ? (
        <MessageBar intent="success" data-testid="email-update-pending"><MessageBarBody>{UPDATE_PENDING}</MessageBarBody></MessageBar>
      ) : unsent > 0 ? (
        <MessageBar intent="error" data-testid="email-queue-banner"><MessageBarBody>{queuedBanner(unsent)}</MessageBarBody></MessageBar>
      ) : null}
      <EmailLogTable rows={log.data?.list} loading={log.isLoading} />
      <SendEmailDialog open={composing} onClose={() => setComposing(false)} defaults={{ toType: 'OWNER' }} />
    </div>
  );
}
