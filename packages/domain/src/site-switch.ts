/**
 * Where the web app goes when the user picks another site in the top bar
 * ("Site switcher"). List and overview screens of one site
 * make no sense for another, so paths inside a workflow fall back to that
 * workflow's overview; any other path stays and only gets the new site.
 * The rules are checked in the spec's order: a control-processing path such
 * as /kontrole/obrada/... contains 'obrada/' too and must go to controls.
 */
export function siteSwitchPath(pathname: string, site: string): string {
  const query = `?site=${encodeURIComponent(site)}`;
  if (pathname.includes('nalazi/pregled')) return `/nalazi/pregled/${query}`;
  if (pathname.includes('nalazi/outbox')) return `/nalazi/outbox/${query}`;
  if (pathname.includes('obrada/') && !pathname.includes('kontrole/')) return `/obrada/pregled/${query}`;
  if (pathname.includes('kontrole/')) return `/kontrole/obrada/pregled/${query}`;
  if (pathname.includes('samples')) return `/prijem/${query}`;
  return `${pathname}${query}`;
}
