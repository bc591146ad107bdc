/**
 * True for links that leave the site: absolute http(s) URLs and protocol-relative
 * URLs. Anchors, relative paths, site paths and mailto:/tel: links are not.
 */
export function isExternalHref(href: string | undefined): boolean {
  if (!href) return false;
  return /^(https?:)?\/\//i.test(href.trim());
}
