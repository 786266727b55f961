import { Button, Card, CardHeader, Subtitle2, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Pin20Filled, Pin20Regular } from '@fluentui/react-icons';
import { Link } from 'shared-ui/router';
import type { MenuRoute } from './route-map.js';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalL },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  card: { minHeight: '64px' },
  link: { color: tokens.colorBrandForeground1, textDecorationLine: 'none', ':hover': { textDecorationLine: 'underline' } },
});

/**
 * Cards linking to routes, titled by section. With onTogglePin each card carries a pin toggle
 * (the management and reports landing pages); without it the cards are plain links (dashboard).
 */
export function RouteCardSection({
  title,
  routes,
  pinned,
  onTogglePin,
}: {
  title: string;
  routes: MenuRoute[];
  pinned?: Set<string>;
  onTogglePin?: (route: MenuRoute, pinned: boolean) => void;
}) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title}>
      <Subtitle2 as="h2">{title}</Subtitle2>
      <div className={styles.grid}>
        {routes.map((route) => {
          const isPinned = pinned?.has(route.path) ?? false;
          return (
            <Card key={route.path} className={styles.card} size="small" data-testid={`route-card-${route.path}`}>
              <CardHeader
                header={
                  <Link className={styles.link} to={route.path}>
                    <Text weight="semibold">{route.title}</Text>
                  </Link>
                }
                action={
                  onTogglePin && (
                    <Tooltip content={isPinned ? 'Unpin from dashboard' : 'Pin to dashboard'} relationship="label">
                      <Button
                        appearance="subtle"
                        aria-pressed={isPinned}
                        icon={isPinned ? <Pin20Filled /> : <Pin20Regular />}
                        onClick={() => onTogglePin(route, !isPinned)}
                      />
                    </Tooltip>
                  )
                }
              />
            </Card>
          );
        })}
      </div>
    </section>
  );
}
