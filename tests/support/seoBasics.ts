/**
 * What a search engine (and Lighthouse's SEO audits) need from every page: a title, a meta
 * description, a language, a canonical URL, no `noindex`, and links whose text says where they go
 * (Lighthouse's `link-text` audit refuses texts such as "Read more" or "here", whatever their
 * aria-label). Parsed with parse5, as the browser would; pure, so it is unit-tested.
 */
import {parse, type DefaultTreeAdapterTypes as T} from 'parse5';

/** Link texts that say nothing about the target (the English texts Lighthouse's link-text audit refuses). */
export const GENERIC_LINK_TEXTS = new Set([
  'click here',
  'click this',
  'go',
  'here',
  'information',
  'learn more',
  'more',
  'more info',
  'more information',
  'right here',
  'read more',
  'see more',
  'start',
  'this',
]);

export interface SeoOptions {
  /** The page may be without a canonical URL (the Not Found page, served for any unknown path). */
  noCanonical?: boolean;
}

type Node = T.ChildNode | T.Document | T.Element;

function* elements(node: Node): Generator<T.Element> {
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    if ('tagName' in child) {
      yield child;
      if (child.tagName === 'template') continue;
    }
    yield* elements(child as Node);
  }
}

const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

function text(node: Node): string {
  if (node.nodeName === '#text') return (node as T.TextNode).value;
  if ('tagName' in node && ['script', 'style', 'template'].includes(node.tagName)) return '';
  return ('childNodes' in node ? node.childNodes : []).map((c) => text(c as Node)).join('');
}

/** Everything a page lacks or gets wrong, as readable findings (empty when it is fine). */
export function seoFindings(html: string, options: SeoOptions = {}): string[] {
  const doc = parse(html);
  const all = [...elements(doc)];
  const findings: string[] = [];
  const htmlEl = all.find((e) => e.tagName === 'html');
  if (!htmlEl || !attr(htmlEl, 'lang')) findings.push('no lang on <html>');
  const title = all.find((e) => e.tagName === 'title');
  if (!title || !text(title).trim()) findings.push('no <title>');
  const meta = (name: string) => all.filter((e) => e.tagName === 'meta' && attr(e, 'name')?.toLowerCase() === name);
  const descriptions = meta('description');
  if (descriptions.length !== 1 || !attr(descriptions[0]!, 'content')?.trim())
    findings.push(
      `${descriptions.length === 0 ? 'no' : descriptions.length > 1 ? 'more than one' : 'an empty'} meta description`,
    );
  for (const robots of meta('robots'))
    if (/noindex/i.test(attr(robots, 'content') ?? '')) findings.push(`robots "${attr(robots, 'content')}"`);
  const canonical = all.filter((e) => e.tagName === 'link' && attr(e, 'rel')?.split(/\s+/).includes('canonical'));
  if (!options.noCanonical) {
    if (canonical.length !== 1) findings.push(`${canonical.length} canonical links`);
    else if (!/^https:\/\/[^/]+\//.test(attr(canonical[0]!, 'href') ?? ''))
      findings.push(`canonical "${attr(canonical[0]!, 'href')}" is not an absolute https URL`);
  }
  for (const a of all.filter((e) => e.tagName === 'a' && attr(e, 'href'))) {
    const label = text(a).replace(/\s+/g, ' ').trim();
    if (GENERIC_LINK_TEXTS.has(label.toLowerCase())) findings.push(`link "${label}" to ${attr(a, 'href')}`);
  }
  return findings;
}
