import { useState, type ReactElement } from 'react';
import {
  Body1, Button, Card, CardHeader, Field, Select, Subtitle2, Text, Title3, Tooltip, makeStyles, mergeClasses, tokens,
} from '@fluentui/react-components';
import { SignOut24Regular } from '@fluentui/react-icons';
import { useNavigate } from 'shared-ui/router';
import { api, session, useCurrentUser } from 'shared-ui';
import { useCompanies } from './console-call.js';
import { visibleActions, type ConsoleAction } from './actions.js';
import { AddCompany } from './add-company/add-company.js';
import { AddUser } from './add-user/add-user.js';
import { BackupRestore } from './backup/backup-restore.js';
import { BookingImport } from './booking-import/booking-import.js';
import { GodUtilities } from './god-utilities/god-utilities.js';
import { ImportEntities } from './import/import-entities.js';
import { RebuildSnapshot } from './rebuild-snapshot/rebuild-snapshot.js';
import { RemoveCompany } from './remove-company/remove-company.js';
import { SchemaUpdate } from './schema-update/schema-update.js';

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
  action: { maxWidth: '900px' },
});

/** The console's actions by key. */
const ACTION_SCREENS: Record<string, (p: { database: string; godLevel: boolean }) => ReactElement> = {
  'add-company': () => <AddCompany />,
  'remove-company': ({ database, godLevel }) => <RemoveCompany database={database} godLevel={godLevel} />,
  'add-user': ({ database }) => <AddUser key={database} database={database} />,
  backup: ({ database }) => <BackupRestore database={database} />,
  'schema-update': () => <SchemaUpdate />,
  import: ({ database }) => <ImportEntities key={database} database={database} />,
  'booking-import': ({ database }) => <BookingImport key={database} database={database} />,
  'rebuild-snapshot': ({ database }) => <RebuildSnapshot key={database} database={database} />,
  'god-utilities': ({ database, godLevel }) => (godLevel ? <GodUtilities database={database} /> : <></>),
};

/** The support console: icon bar, company select with Activate Client View, and the chosen action. */
export function SupportConsole() {
  const styles = useStyles();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [action, setAction] = useState<ConsoleAction['key']>('home');
  const [database, setDatabase] = useState(() => session.get('database') ?? '');
  const companies = useCompanies();
  const godLevel = Boolean(user.data?.god_level);
  const actions = visibleActions(godLevel);
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
        ) : current && ACTION_SCREENS[current.key] ? (
          <div className={styles.action}>{ACTION_SCREENS[current.key]!({ database, godLevel })}</div>
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
