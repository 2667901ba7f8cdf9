/**
 * The address a route is linked at. Pages are exported as <route>/index.html
 * (trailingSlash in next.config.ts), so links carry the slash and no static
 * host has to redirect.
 */
export function routeHref(route: string): string {
  return route === '/' ? '/' : `${route}/`
}
