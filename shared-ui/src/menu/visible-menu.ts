import type { Permissions } from 'api/contracts/permissions';
import { ROUTE_MAP, type MenuGroup, type MenuRoute, type MenuTab } from './route-map.js';

/** p_is_admin sees everything; an item without a permission is visible to all (spec 1 §6). */
export function canSee(permissions: Permissions, permission: MenuRoute['permission']): boolean {
  if (!permission) return true;
  return permissions.p_is_admin === true || permissions[permission] === true;
}

/** The control record, whose switches (MenuFeature keys) turn routes on. */
export type MenuFeatures = Record<string, unknown>;

/**
 * The route map cut down to what these permissions may see; empty tabs are dropped. Given the
 * control record (`features`), routes behind a switch that is off are dropped too; without it
 * they stay (the screen itself says when its switch is off).
 */
export function visibleMenu(permissions: Permissions, map: MenuGroup[] = ROUTE_MAP, features?: MenuFeatures): MenuGroup[] {
  const routes = (list: MenuRoute[]) => list.filter((r) => canSee(permissions, r.permission) && (!r.feature || !features || features[r.feature] === true));
  return map
    .filter((group) => canSee(permissions, group.permission))
    .map((group) => ({
      ...group,
      ...(group.routes ? { routes: routes(group.routes) } : {}),
      ...(group.tabs
        ? {
            tabs: group.tabs
              .filter((t) => canSee(permissions, t.permission))
              .map((t): MenuTab => ({ ...t, routes: routes(t.routes) }))
              .filter((t) => t.routes.length > 0),
          }
        : {}),
    }));
}

/** Every path the visible menu allows, each matched exactly. */
export function allowedPaths(permissions: Permissions): Set<string> {
  const paths = new Set<string>();
  for (const group of visibleMenu(permissions)) {
    paths.add(group.path);
    for (const r of group.routes ?? []) paths.add(r.path);
    for (const t of group.tabs ?? []) {
      paths.add(t.path);
      for (const r of t.routes) paths.add(r.path);
    }
  }
  return paths;
}

/** Whether the user may open this path; anything else goes to /dashboard. Trailing slashes are ignored. */
export function isAllowedPath(pathname: string, permissions: Permissions): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return allowedPaths(permissions).has(path);
}
