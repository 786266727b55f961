import { useEffect } from 'react';
import { Link, Toast, ToastBody, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { setNoticeSink } from 'shared-ui/core';

/** The page's one Toaster; notify() from any app reaches it through the shared-ui bridge. */
export function NoticeToaster() {
  const toasterId = useId('oa-toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(
    () =>
      setNoticeSink((notice) =>
        dispatchToast(
          <Toast>
            <ToastTitle action={notice.action ? <Link onClick={notice.action.onClick}>{notice.action.label}</Link> : undefined}>{notice.title}</ToastTitle>
            {notice.body && <ToastBody>{notice.body}</ToastBody>}
          </Toast>,
          { intent: notice.intent, timeout: notice.timeout },
        ),
      ),
    [dispatchToast],
  );
  return <Toaster toasterId={toasterId} position="top-end" pauseOnHover />;
}
