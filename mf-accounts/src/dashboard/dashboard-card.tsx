import type { ReactElement, ReactNode } from 'react';
import { Card, CardHeader, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'shared-ui/router';

/** The tones the dashboard cards take (spec 2 §4 'Dashboard colours'). */
export type CardTone = 'red' | 'amber' | 'green' | 'orange' | 'lightblue';

const TONES: Record<CardTone, { stripe: string; tint: string }> = {
  red: { stripe: tokens.colorPaletteRedBorderActive, tint: tokens.colorPaletteRedBackground2 },
  amber: { stripe: tokens.colorPaletteMarigoldBorderActive, tint: tokens.colorPaletteMarigoldBackground2 },
  green: { stripe: tokens.colorPaletteGreenBorderActive, tint: tokens.colorPaletteGreenBackground2 },
  orange: { stripe: tokens.colorPaletteDarkOrangeBorderActive, tint: tokens.colorPaletteDarkOrangeBackground2 },
  lightblue: { stripe: tokens.colorPaletteLightTealBorderActive, tint: tokens.colorPaletteLightTealBackground2 },
};

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalM, minWidth: 0 },
  link: { color: tokens.colorBrandForeground1, textDecorationLine: 'none', ':hover': { textDecorationLine: 'underline' } },
});

/**
 * A dashboard card: a title (a link when `to` is given), an optional tone shown as a coloured
 * top edge and tinted header, and the loading or error state of its query.
 */
export function DashboardCard({
  title,
  to,
  tone,
  action,
  testId,
  loading,
  error,
  children,
}: {
  title: string;
  to?: string;
  tone?: CardTone;
  action?: ReactElement;
  testId: string;
  loading?: boolean;
  error?: Error | null;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const colours = tone ? TONES[tone] : null;
  const heading = (
    <Text as="h2" weight="semibold" size={400} style={{ margin: 0 }}>
      {title}
    </Text>
  );
  return (
    <Card
      className={styles.card}
      data-testid={testId}
      data-tone={tone}
      aria-label={title}
      role="region"
      style={colours ? { borderTop: `4px solid ${colours.stripe}`, background: `linear-gradient(${colours.tint}, ${tokens.colorNeutralBackground1} 72px)` } : undefined}
    >
      <CardHeader header={to ? <Link className={styles.link} to={to}>{heading}</Link> : heading} action={action} />
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error.message}</MessageBarBody>
        </MessageBar>
      ) : loading ? (
        <Spinner size="tiny" label="Loading" />
      ) : (
        children
      )}
    </Card>
  );
}
