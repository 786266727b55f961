import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { EmojiMehRegular, EmojiRegular, EmojiSadRegular, WarningFilled } from '@fluentui/react-icons';
import { healthColour } from 'api/contracts/dashboard';
import { Link } from 'shared-ui/router';
import { DashboardCard } from './dashboard-card.js';
import { useHealth } from './queries.js';
import { healthRows, type Face } from './rules.js';

const FACES: Record<Face, { icon: typeof EmojiRegular; colour: string; label: string }> = {
  happy: { icon: EmojiRegular, colour: tokens.colorPaletteGreenForeground1, label: 'Happy' },
  meh: { icon: EmojiMehRegular, colour: tokens.colorPaletteMarigoldForeground1, label: 'Meh' },
  sad: { icon: EmojiSadRegular, colour: tokens.colorPaletteRedForeground1, label: 'Sad' },
};

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    gridTemplateColumns: '24px 1fr auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
  },
  link: { ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  value: { textAlign: 'right' },
});

/** Health check (spec 2 §2, §4): red with a warning icon, amber or green; a face per row. */
export function HealthCard() {
  const styles = useStyles();
  const health = useHealth();
  const tone = health.data ? healthColour(health.data) : undefined;
  return (
    <DashboardCard
      title="Health Check"
      testId="health-card"
      tone={tone}
      loading={health.isPending}
      error={health.error}
      action={tone === 'red' ? <WarningFilled fontSize={24} color={tokens.colorPaletteRedForeground1} aria-label="Critical tasks exist" /> : undefined}
    >
      {health.data ? (
        <ul className={styles.list}>
          {healthRows(health.data).map((row) => {
            const face = FACES[row.face];
            const Icon = face.icon;
            const content = (
              <>
                <Icon fontSize={20} color={face.colour} aria-label={face.label} data-face={row.face} />
                <Text>{row.label}</Text>
                <Text weight="semibold" className={styles.value}>
                  {row.value}
                </Text>
              </>
            );
            return (
              <li key={row.key} data-testid={`health-${row.key}`}>
                {row.path ? (
                  <Link to={row.path} className={`${styles.row} ${styles.link}`}>
                    {content}
                  </Link>
                ) : (
                  <div className={styles.row}>{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </DashboardCard>
  );
}
