import { ROUTE_MAP } from './route-map.js';

export interface Breadcrumb {
  label: string;
  path: string;
}

const titles = new Map<string, string>();
for (const group of ROUTE_MAP) {
  titles.set(group.path, group.title);
  for (const r of group.routes ?? []) titles.set(r.path, r.title);
  for (const t of group.tabs ?? []) {
    titles.set(t.path, t.title);
    for (const r of t.routes) titles.set(r.path, r.title);
  }
}

/** One crumb per path segment, titled from the route map, else the segment in start case. */
export function breadcrumbs(pathname: string): Breadcrumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, i) => {
    const path = `/${segments.slice(0, i + 1).join('/')}`;
    return { path, label: titles.get(path) ?? startCase(decodeURIComponent(segment)) };
  });
}

function startCase(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase());
}
