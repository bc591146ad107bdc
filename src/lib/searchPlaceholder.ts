/** What the browser says about its platform (the subset the search box looks at). */
export interface PlatformHints {
  userAgentData?: {platform?: string};
  userAgent?: string;
  platform?: string;
}

/**
 * True on Apple systems, where the search shortcut is ⌘+K. Uses the same order of
 * evidence as the search plugin's shortcut handling: client hints, then user agent.
 */
export function isApplePlatform(nav: PlatformHints): boolean {
  const hinted = nav.userAgentData?.platform;
  if (hinted) return /mac|ios/i.test(hinted);
  if (nav.userAgent) return /mac/i.test(nav.userAgent);
  return /mac|iphone|ipad|ipod/i.test(nav.platform ?? '');
}

/** The search box placeholder for a platform. */
export function searchPlaceholder(nav: PlatformHints): string {
  return isApplePlatform(nav) ? 'Search ⌘+K' : 'Search Ctrl+K';
}

export const SEARCH_LOADING_PLACEHOLDER = 'Loading...';
