import { useRef, useState } from 'react';
import { Body1, Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOGO_HEIGHT, LOGO_WIDTH } from 'api/contracts/control';
import { api, notify } from 'shared-ui';
import { CONTROL_SAVED } from './control-fields.js';

const useStyles = makeStyles({
  box: {
    width: `${LOGO_WIDTH}px`,
    height: `${LOGO_HEIGHT}px`,
    maxWidth: '100%',
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: tokens.colorNeutralBackground3,
  },
  row: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
});

const logoKey = ['control-logo'] as const;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The statement logo: uploaded as PNG or JPEG, scaled by the server into the 300×150 box, shown as stored. */
export function LogoTab() {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const logo = useQuery({ queryKey: logoKey, queryFn: () => api.get<{ data: { logo: string | null } }>('/api/control/logo', { quiet: true }).then((r) => r.data.logo) });
  const upload = useMutation({
    mutationFn: async (file: File) => api.put<{ data: { logo: string }; message?: string }>('/api/control/logo', { logo: await readAsDataUrl(file) }, { quiet: true }),
    onSuccess: (result) => {
      queryClient.setQueryData(logoKey, result.data.logo);
      notify({ ...CONTROL_SAVED, title: result.message ?? CONTROL_SAVED.title, intent: 'success' });
    },
  });
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className={styles.row}>
      <Body1>
        The logo printed on statements and reports. Upload a PNG or JPEG; it is scaled to fit {LOGO_WIDTH} × {LOGO_HEIGHT} pixels.
      </Body1>
      <div className={styles.box}>
        {logo.isPending || upload.isPending ? (
          <Spinner size="small" />
        ) : logo.data ? (
          <img src={logo.data} alt="Company logo" style={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : (
          <Body1>No logo</Body1>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        aria-label="Logo file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setChosen(file.name);
          upload.mutate(file);
        }}
      />
      <Button icon={<ArrowUploadRegular />} disabled={upload.isPending} onClick={() => input.current?.click()}>
        Upload logo
      </Button>
      {upload.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{`${chosen ?? 'The file'}: ${upload.error.message}`}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
