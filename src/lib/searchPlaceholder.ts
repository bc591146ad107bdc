/** The search box placeholder for a platform: the shortcut is ⌘+K on Apple systems, Ctrl+K elsewhere. */
export function searchPlaceholder(platform: string): string {
  return isApplePlatform(platform) ? 'Search ⌘+K' : 'Search Ctrl+K';
}

/** Mac, iPhone, iPad and iPod report platforms starting with these names. */
export function isApplePlatform(platform: string): boolean {
  return /^(Mac|iPhone|iPad|iPod)/i.test(platform);
}

export const SEARCH_LOADING_PLACEHOLDER = 'Loading...';
