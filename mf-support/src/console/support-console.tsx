import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Body1, Button, Card, CardHeader, Field, Select, Subtitle2, Text, Title3, Tooltip, makeStyles, mergeClasses, tokens,
} from '@fluentui/react-components';
import { SignOut24Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { api, session, useCurrentUser } from 'shared-ui';
import { visibleActions, type ConsoleAction } from './actions.js';

const useStyles = makeStyles({
  page: { display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr)', gridTemplateRows: 'auto minmax(0, 1fr)', height: '100vh', gridTemplateAreas: "'bar top' 'bar body'" },
  bar: { gridArea: 'bar', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalS} 0`, backgroundColor: tokens.colorNeutralBackground3, borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  spacer: { flexGrow: 1 },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  top: { gridArea: 'top', display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground1 },
  title: { margin: 0, marginRight: 'auto' },
  company: { minWidth: '240px' },
  body: { gridArea: 'body', overflow: 'auto', padding: tokens.spacingHorizontalXL },
  card: { maxWidth: '640px' },
});

/** The support console: icon bar, company select with Activate Client View, and the chosen action. */
export function SupportConsole() {
  const styles = useStyles();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [action, setAction] = useState<ConsoleAction['key']>('home');
  const [database, setDatabase] = useState(() => session.get('database') ?? '');
  const companies = useQuery({
    queryKey: ['auth', 'companies'],
    queryFn: () => api.get<{ data: { code: string; name: string }[] }>('/api/auth/companies').then((r) => r.data),
  });
  const actions = visibleActions(Boolean(user.data?.god_level));
  const current = actions.find((a) => a.key === action) ?? actions[0];

  const chooseCompany = (code: string) => {
    setDatabase(code);
    session.set('database', code);
    session.set('consoleActive', null);
  };
  const activateClientView = () => {
    session.set('database', database);
    session.set('consoleActive', 'true');
    navigate('/dashboard');
  };
  const logout = async () => {
    await api.post('/api/auth/logout', {}, { quiet: true }).catch(() => undefined);
    session.end(null);
  };

  return (
    <div className={styles.page} data-testid="support-console">
      <nav className={styles.bar} aria-label="Support console">
        {actions.map((a) => (
          <Tooltip key={a.key} content={a.title} relationship="label" positioning="after">
            <Button appearance="subtle" icon={a.icon} aria-pressed={a.key === current?.key} className={mergeClasses(a.key === current?.key && styles.selected)} onClick={() => setAction(a.key)} />
          </Tooltip>
        ))}
        <div className={styles.spacer} />
        <Tooltip content="Log Out" relationship="label" positioning="after">
          <Button appearance="subtle" icon={<SignOut24Regular />} onClick={() => void logout()} />
        </Tooltip>
      </nav>
      <header className={styles.top}>
        <Title3 as="h1" className={styles.title}>Support Console</Title3>
        <Field label="Company" className={styles.company}>
          <Select value={database} onChange={(_, d) => chooseCompany(d.value)} disabled={!companies.data}>
            {!database && <option value="">Choose a company</option>}
            {companies.data?.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.code})
              </option>
            ))}
          </Select>
        </Field>
        <Button appearance="primary" disabled={!database} onClick={activateClientView}>
          Activate Client View
        </Button>
      </header>
      <main className={styles.body}>
        {current?.key === 'home' ? (
          <Card className={styles.card}>
            <CardHeader header={<Subtitle2>Welcome{user.data ? `, ${user.data.name}` : ''}</Subtitle2>} />
            <Body1>Choose a company and activate the client view to work in its books, or pick a support task from the bar on the left.</Body1>
            {user.data && <Text size={200}>Signed in as {user.data.code} ({user.data.usertype})</Text>}
          </Card>
        ) : (
          <Card className={styles.card} data-testid="console-action-unavailable">
            <CardHeader header={<Subtitle2>{current?.title}</Subtitle2>} />
            <Body1>The {current?.title} service is not available in this build.</Body1>
          </Card>
        )}
      </main>
    </div>
  );
}
