/**
 * Page-view tracking for a self-hosted, Matomo-compatible analytics service.
 * Pure functions: the client module calls them, the unit tests check them.
 */

export interface TrackerSettings {
  /** Base URL of the tracker, e.g. `https://analytics.lykta.example/`. */
  trackerUrl: string;
  /** Numeric site id as configured in the tracker. */
  siteId: string;
}

/** True when both settings are present, i.e. page views should be sent. */
export function isTrackingEnabled(settings: Partial<TrackerSettings> | undefined): settings is TrackerSettings {
  return Boolean(settings?.trackerUrl && settings.siteId);
}

/** Drops the query string and fragment of an absolute or relative URL. */
export function stripQueryFromUrl(href: string): string {
  const cut = href.search(/[?#]/);
  return cut === -1 ? href : href.slice(0, cut);
}

/** The tracking endpoint: `<trackerUrl>/matomo.php`, without a doubled slash. */
export function trackerEndpoint(trackerUrl: string): string {
  return `${trackerUrl.replace(/\/+$/, '')}/matomo.php`;
}

/**
 * The request URL of one page view (Matomo HTTP tracking API): the page URL with
 * every query parameter and the fragment removed, and the document title.
 */
export function buildPageViewUrl(
  settings: TrackerSettings,
  page: {url: string; title: string},
  random: number,
): string {
  const params = new URLSearchParams({
    idsite: settings.siteId,
    rec: '1',
    apiv: '1',
    send_image: '0',
    url: stripQueryFromUrl(page.url),
    action_name: page.title,
    rand: String(Math.floor(random * 1e9)),
  });
  return `${trackerEndpoint(settings.trackerUrl)}?${params.toString()}`;
}

/** Validates the plugin options; returns the problems found (empty when valid). */
export function validateTrackerSettings(settings: Partial<TrackerSettings>): string[] {
  const problems: string[] = [];
  const {trackerUrl = '', siteId = ''} = settings;
  if (!trackerUrl && !siteId) return problems;
  if (!trackerUrl) problems.push('siteId is set but trackerUrl is not');
  else if (!/^https?:\/\/[^\s]+$/.test(trackerUrl))
    problems.push(`trackerUrl must be an http(s) URL, got "${trackerUrl}"`);
  if (!siteId) problems.push('trackerUrl is set but siteId is not');
  else if (!/^[1-9][0-9]*$/.test(siteId)) problems.push(`siteId must be a positive integer, got "${siteId}"`);
  return problems;
}
