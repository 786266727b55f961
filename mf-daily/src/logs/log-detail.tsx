import { MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import type { LogRecord } from 'api/contracts/log';
import { api, formatLogStamp } from 'shared-ui';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '16px', rowGap: '4px', margin: 0 },
  term: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere' },
  pre: {
    margin: 0, padding: '8px', maxHeight: '260px', overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, background: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium,
  },
  stack: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

/** The note spec 3 §2 'System Log' asks for beside the read-only editor. */
export const SUPPORT_NOTE = 'This technical information is read-only. Support may ask you for it when you report a problem.';

const json = (value: unknown) => (value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The technical parts of a log row (body, stack, before and after), shown when it has any. */
export function LogTechnical({ record }: { record: LogRecord }) {
  const styles = useStyles();
  const parts = [['Body', record.body], ['Before', json(record.before)], ['After', json(record.after)], ['Stack', record.stack]] as const;
  return (
    <div className={styles.stack}>
      {parts.filter(([, text]) => text).map(([label, text]) => (
        <section key={label} aria-label={label}>
          <div className={styles.term}>{label}</div>
          <pre className={styles.pre}>{text}</pre>
        </section>
      ))}
    </div>
  );
}

/** A whole log record, read-only (the editor of the System Log). */
export function LogRecordView({ record }: { record: LogRecord }) {
  const styles = useStyles();
  const fields: [string, string | number | null][] = [
    ['ID', record.id], ['Date', formatLogStamp(record.date)], ['Database', record.database], ['Severity', record.severity], ['Identity', record.identity],
    ['Routine', record.routine], ['Method', record.method], ['API call', record.apicall], ['Record', record.record_key], ['Message', record.message],
  ];
  return (
    <div className={styles.stack}>
      <MessageBar intent="info"><MessageBarBody>{SUPPORT_NOTE}</MessageBarBody></MessageBar>
      <dl className={styles.grid}>
        {fields.filter(([, v]) => v !== null && v !== '').map(([label, v]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt className={styles.term}>{label}</dt>
            <dd className={styles.value}>{v}</dd>
          </div>
        ))}
      </dl>
      <LogTechnical record={record} />
    </div>
  );
}

/** The expanded row: its detail fetched when opened (GET /api/log/{id}). */
export function LogRowDetail({ id }: { id: number }) {
  const detail = useQuery({ queryKey: ['log', id], queryFn: () => api.get<{ data: LogRecord }>(`/api/log/${id}`).then((r) => r.data) });
  if (detail.isPending) return <Spinner size="tiny" label="Loading detail" />;
  if (detail.error) return <MessageBar intent="error"><MessageBarBody>{detail.error.message}</MessageBarBody></MessageBar>;
  return <LogTechnical record={detail.data} />;
}
