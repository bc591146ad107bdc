/** The Markdown version of a page: `index.md` in the page's folder (`/x/` → `/x/index.md`, `/` → `/index.md`). */
export function markdownUrl(route: string): string {
  return `${route.endsWith('/') ? route : `${route}/`}index.md`;
}
