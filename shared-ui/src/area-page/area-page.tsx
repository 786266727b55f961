import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Body1, Card, CardHeader, Spinner, Subtitle2, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'shared-ui/router';
import { ROUTE_MAP, useControl, useCurrentUser, visibleMenu, type MenuRoute } from 'shared-ui/core';

/** Screens an area has built, by exact route path; routes without one show ScreenNotAvailable. */
export type ScreenMap = Record<string, LazyExoticComponent<ComponentType> | ComponentType>;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // Tabs wrap onto a further row rather than scroll: a hidden scroll hid the last screens of Setup.
  tabs: { flexWrap: 'wrap', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  card: { maxWidth: '640px' },
});

/** The neutral card for a route whose screen is not in this build: no sample data, just the fact. */
export function ScreenNotAvailable({ title }: { title: string }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} data-testid="screen-not-available">
      <CardHeader header={<Subtitle2>{title}</Subtitle2>} />
      <Body1>The {title} screen is not available in this build.</Body1>
    </Card>
  );
}

/**
 * An area of the route map (a management or reports tab, or the accounts group): a tab bar of
 * the sibling areas, a tab bar of the routes the user may open, and the route's screen.
 * groupKey: 'management' | 'reports' | 'accounts'; areaPath: the tab or group path it owns.
 */
export function AreaPage({ groupKey, areaPath, screens }: { groupKey: string; areaPath: string; screens: ScreenMap }) {
  const styles = useStyles();
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const control = useControl().data;
  if (!user.data) return <Spinner label="Loading" />;
  const group = visibleMenu(user.data.permissions, undefined, control ?? undefined).find((g) => g.key === groupKey);
  const tabs = group?.tabs ?? [];
  const area = tabs.find((t) => t.path === areaPath) ?? (group?.path === areaPath ? group : undefined);
  // A group page (accounts) is itself a screen, listed before its sub-routes.
  const routes: MenuRoute[] = !area ? [] : area === group ? [{ path: group.path, title: group.title }, ...(group.routes ?? [])] : area.routes ?? [];
  if (!area) return <Navigate to="/dashboard" replace />;
  const current = location.pathname.replace(/\/+$/, '');
  return (
    <div className={styles.page}>
      {tabs.length > 1 && (
        <TabList className={styles.tabs} selectedValue={areaPath} onTabSelect={(_, d) => navigate(String(d.value))} aria-label={`${group?.title} areas`}>
          {tabs.map((t) => (
            <Tab key={t.path} value={t.path}>
              {t.title}
            </Tab>
          ))}
        </TabList>
      )}
      <TabList className={styles.tabs} size="small" selectedValue={current} onTabSelect={(_, d) => navigate(String(d.value))} aria-label={`${area.title} screens`}>
        {routes.map((r) => (
          <Tab key={r.path} value={r.path}>
            {r.title}
          </Tab>
        ))}
      </TabList>
      <Routes>
        {routes.map((r) => {
          const Screen = screens[r.path];
          return (
            <Route
              key={r.path}
              path={r.path}
              element={Screen ? <Suspense fallback={<Spinner label={`Loading ${r.title}`} />}><Screen /></Suspense> : <ScreenNotAvailable title={r.title} />}
            />
          );
        })}
        {routes[0] && area.path !== routes[0].path && <Route path={area.path} element={<Navigate to={routes[0].path} replace />} />}
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}

/** Titles of every route, for areas that render a single route outside a tab bar. */
export function routeTitle(path: string): string {
  for (const group of ROUTE_MAP) {
    if (group.path === path) return group.title;
    for (const r of group.routes ?? []) if (r.path === path) return r.title;
    for (const t of group.tabs ?? []) for (const r of t.routes) if (r.path === path) return r.title;
  }
  return path;
}
