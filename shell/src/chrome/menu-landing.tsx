import { Spinner, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { RouteCardSection, notify, pinnedPaths, useControl, useCurrentUser, usePinnedCards, useTogglePin, visibleMenu } from 'shared-ui/core';

const useStyles = makeStyles({ title: { margin: `0 0 ${tokens.spacingVerticalL}` } });

/**
 * The /management and /reports menu pages: one card per route the user may open, grouped by
 * tab, each with a pin toggle that puts it on the dashboard.
 */
export function MenuLanding({ groupKey }: { groupKey: 'management' | 'reports' }) {
  const styles = useStyles();
  const user = useCurrentUser().data;
  const pinned = usePinnedCards(user?.id);
  const toggle = useTogglePin(user?.id);
  const control = useControl().data;
  if (!user) return <Spinner />;
  const group = visibleMenu(user.permissions, undefined, control ?? undefined).find((g) => g.key === groupKey);
  if (!group) return null;
  const paths = pinnedPaths(pinned.data);
  return (
    <div data-testid={`landing-${groupKey}`}>
      <Title3 as="h1" className={styles.title}>{group.title}</Title3>
      {group.tabs?.map((tab) => (
        <RouteCardSection
          key={tab.key}
          title={tab.title}
          routes={tab.routes}
          pinned={paths}
          onTogglePin={(route, pin) =>
            toggle.mutate(
              { card_name: route.path, pinned: pin },
              { onSuccess: () => notify({ title: pin ? `${route.title} pinned to the dashboard` : `${route.title} unpinned`, intent: 'success' }) },
            )
          }
        />
      ))}
    </div>
  );
}
