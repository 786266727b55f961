import { Body1, Card, Spinner } from '@fluentui/react-components';
import { RouteCardSection, pinnedPaths, useCurrentUser, usePinnedCards, visibleMenu } from 'shared-ui/core';

/**
 * The dashboard's pinned cards: every route the user pinned on the management and reports
 * landing pages and may still open, grouped by tab.
 */
export function PinnedCards() {
  const user = useCurrentUser();
  const pinned = usePinnedCards(user.data?.id);
  if (!user.data || pinned.isPending) return <Spinner label="Loading pinned cards" />;
  const paths = pinnedPaths(pinned.data);
  const sections = visibleMenu(user.data.permissions)
    .flatMap((group) => (group.tabs ?? []).map((tab) => ({ title: `${group.title}: ${tab.title}`, routes: tab.routes.filter((r) => paths.has(r.path)) })))
    .filter((s) => s.routes.length > 0);
  if (sections.length === 0) {
    return (
      <Card>
        <Body1>No pinned cards yet. Pin cards from the Management and Reports pages to see them here.</Body1>
      </Card>
    );
  }
  return (
    <div data-testid="pinned-cards">
      {sections.map((s) => (
        <RouteCardSection key={s.title} title={s.title} routes={s.routes} />
      ))}
    </div>
  );
}
