/*
 * Like the sign-in page, the portal imports Fluent's individual packages, not the shared
 * singleton of the whole library: a portal visitor downloads only what this page shows.
 */
import { useState, type FormEvent } from 'react';
import { FluentProvider } from '@fluentui/react-provider';
import { webLightTheme, tokens } from '@fluentui/react-theme';
import { Button } from '@fluentui/react-button';
import { Input } from '@fluentui/react-input';
import { Field } from '@fluentui/react-field';
import { Caption1, Title2 } from '@fluentui/react-text';
import { MessageBar, MessageBarBody } from '@fluentui/react-message-bar';
import { IdPrefixProvider } from '@fluentui/react-utilities';
import { makeStyles } from '@griffel/react';
import { ApiFailure, api } from '../session-light.js';
import { portalSignInErrors, type PortalFieldErrors } from './portal-rules.js';

const TITLE = 'Owner Accounting Client Portal';

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'space-between', padding: '10vh 16px 24px', boxSizing: 'border-box', backgroundColor: tokens.colorNeutralBackground2 },
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%', maxWidth: '380px', boxSizing: 'border-box', padding: '32px',
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow8,
  },
  footer: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

/**
 * The client portal (spec 1 §1, §2.2): its sign-in ('Owner Accounting Client Portal', user name
 * or e-mail, password, Login) and, once signed in, a stub stating that the portal is logged in.
 * The portal keeps its sign-in to this page: it never opens the back office's session.
 */
export function PortalPage() {
  const styles = useStyles();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<PortalFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [signedIn, setSignedIn] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = portalSignInErrors(code, password);
    setFieldErrors(errors);
    setError(null);
    if (errors.code || errors.password) return;
    setBusy(true);
    try {
      const res = await api.post<{ data?: { user?: { name?: string; id?: string } } }>('/api/auth', { code: code.trim(), password }, { quiet: true });
      setSignedIn(res.data?.user?.name || res.data?.user?.id || code.trim());
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      setError(failure.errors[0]?.msg || 'Invalid Login');
    } finally {
      setBusy(false);
    }
  }

  return (
    <IdPrefixProvider value="oa-portal-">
      <FluentProvider theme={webLightTheme}>
        <div className={styles.page} data-testid="client-portal">
          {signedIn ? (
            <div className={styles.card}>
              <Title2 as="h1">{TITLE}</Title2>
              <MessageBar intent="success" data-testid="portal-logged-in">
                <MessageBarBody>The client portal is logged in as {signedIn}.</MessageBarBody>
              </MessageBar>
              <Button onClick={() => { setSignedIn(null); setPassword(''); }}>Logout</Button>
            </div>
          ) : (
            <form className={styles.card} onSubmit={submit} noValidate>
              <Title2 as="h1">{TITLE}</Title2>
              <Field label="User Name or Email" validationMessage={fieldErrors.code}>
                <Input value={code} onChange={(_, d) => setCode(d.value)} autoComplete="username" autoFocus name="code" />
              </Field>
              <Field label="Password" validationMessage={fieldErrors.password}>
                <Input type="password" value={password} onChange={(_, d) => setPassword(d.value)} autoComplete="current-password" name="password" />
              </Field>
              {error ? (
                <MessageBar intent="error" data-testid="portal-error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              ) : null}
              <Button appearance="primary" type="submit" disabledFocusable={busy}>
                Login
              </Button>
            </form>
          )}
          <Caption1 className={styles.footer}>Copyright © {new Date().getFullYear()} Owner Accounting. All rights reserved.</Caption1>
        </div>
      </FluentProvider>
    </IdPrefixProvider>
  );
}
