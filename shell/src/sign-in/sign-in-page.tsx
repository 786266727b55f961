/*
 * The sign-in page imports Fluent's individual packages instead of @fluentui/react-components:
 * the shared singleton is the whole library (about 300 KB gzip), which a signed-out visitor
 * should not download. Inside the shell build these are the same modules the singleton uses.
 */
import { useState, type FormEvent } from 'react';
import { FluentProvider } from '@fluentui/react-provider';
import { webLightTheme, tokens } from '@fluentui/react-theme';
import { Button } from '@fluentui/react-button';
import { Input } from '@fluentui/react-input';
import { Field } from '@fluentui/react-field';
import { Body1, Caption1, Title2 } from '@fluentui/react-text';
import { MessageBar, MessageBarBody } from '@fluentui/react-message-bar';
import { IdPrefixProvider } from '@fluentui/react-utilities';
import { makeStyles } from '@griffel/react';
import { session } from '../session-light.js';
import { HolidayLettingPicture } from './holiday-letting-picture.js';
import { signIn } from './sign-in.js';

const useStyles = makeStyles({
  page: { display: 'grid', gridTemplateColumns: 'minmax(0, 1.2fr) minmax(320px, 1fr)', minHeight: '100vh', '@media (max-width: 767px)': { gridTemplateColumns: '1fr' } },
  picture: { backgroundColor: '#0f6cbd', overflow: 'hidden', display: 'flex', '@media (max-width: 767px)': { display: 'none' } },
  side: { display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: '48px 40px 24px', backgroundColor: tokens.colorNeutralBackground1 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%', maxWidth: '360px', alignSelf: 'center', marginTop: '10vh' },
  product: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  footer: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

export function SignInPage() {
  const styles = useStyles();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const logoutReason = session.get('logoutReason');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const message = await signIn(code, password);
    setBusy(false);
    setError(message);
  }

  return (
    <IdPrefixProvider value="oa-signin-">
      <FluentProvider theme={webLightTheme}>
        <div className={styles.page}>
          <div className={styles.picture} aria-hidden="true">
            <HolidayLettingPicture />
          </div>
          <div className={styles.side}>
            <form className={styles.form} onSubmit={submit} noValidate>
              <Body1 className={styles.product}>Owner Accounting</Body1>
              <Title2 as="h1">Sign in</Title2>
              {logoutReason && (
                <MessageBar intent="warning" data-testid="logout-reason">
                  <MessageBarBody>{logoutReason}</MessageBarBody>
                </MessageBar>
              )}
              <Field label="User ID or Email" validationMessage={error === 'Valid User ID or Email is required' ? error : undefined}>
                <Input value={code} onChange={(_, d) => setCode(d.value)} autoComplete="username" autoFocus name="code" />
              </Field>
              <Field label="Password">
                <Input type="password" value={password} onChange={(_, d) => setPassword(d.value)} autoComplete="current-password" name="password" />
              </Field>
              {error && error !== 'Valid User ID or Email is required' && (
                <MessageBar intent="error" data-testid="sign-in-error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
              <Button appearance="primary" type="submit" disabledFocusable={busy}>
                Login
              </Button>
            </form>
            <Caption1 className={styles.footer}>Copyright © {new Date().getFullYear()} Owner Accounting. All rights reserved.</Caption1>
          </div>
        </div>
      </FluentProvider>
    </IdPrefixProvider>
  );
}
