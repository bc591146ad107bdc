/**
 * The site's index for language models (https://llmstxt.org/): `/llms.txt` lists every page's
 * Markdown version with its one-line description, one section per collection (the search collections
 * of docusaurus.config.ts), the older LEAP versions in their own sections marked as such, and one
 * full-text file per collection (`/llms-full-<collection>.txt`) with every page of it in one file.
 * Written by src/plugins/markdown-pages after the build.
 */
import {markdownUrl} from './markdownUrl';
import {collectionOfPath, collectionPrefix, type SearchCollectionDefinition} from '../search/collections';

/** A page with a Markdown version. */
export interface MarkdownPage {
  /** The page's route (`/vireo/time-api/`). */
  route: string;
  title: string;
  description: string;
  markdown: string;
}

export {markdownUrl};

/** The full-text file of a collection. */
export function fullTextUrl(collectionId: string): string {
  return `/llms-full-${collectionId}.txt`;
}

export interface LlmsTxtSite {
  title: string;
  /** One or two sentences: what the site is, for the `>` summary. */
  summary: string;
  /** The site's address (`https://developer.lykta.example`), for the full-text files' source lines. */
  url: string;
}

interface Section {
  id: string;
  heading: string;
  label: string;
  older: boolean;
  pages: MarkdownPage[];
}

/** Pages by collection, in the collections' order; pages keep the order they are given in. */
export function sections(collections: SearchCollectionDefinition[], pages: MarkdownPage[]): Section[] {
  const withPrefix = collections.map((c) => ({def: c, prefix: collectionPrefix(c)}));
  const result: Section[] = collections.map((c) => ({
    id: c.id,
    label: c.label,
    heading: c.older ? `${c.label} (older version)` : c.label,
    older: Boolean(c.older),
    pages: [],
  }));
  for (const page of pages) {
    const found = collectionOfPath(withPrefix, page.route);
    if (!found) throw new Error(`llms.txt: ${page.route} belongs to no collection`);
    result[withPrefix.indexOf(found)]!.pages.push(page);
  }
  return result.filter((s) => s.pages.length > 0);
}

/** One line, without Markdown that would end a list item early. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => oneLine(text).replace(/([[\]])/g, '\\$1');

/** The text of `/llms.txt`. */
export function llmsTxt(site: LlmsTxtSite, collections: SearchCollectionDefinition[], pages: MarkdownPage[]): string {
  const parts = sections(collections, pages);
  const current = parts.filter((s) => !s.older);
  const older = parts.filter((s) => s.older);
  const lines = [
    `# ${site.title}`,
    '',
    `> ${oneLine(site.summary)}`,
    '',
    'Every page below links to its Markdown version (the page URL followed by `index.md`). ' +
      `The sections follow the site's collections${older.length ? `; ${older.map((s) => s.label).join(' and ')} are older versions, kept for devices that still run them` : ''}. ` +
      'The "Full text" section links one file per collection with every page of it.',
  ];
  for (const section of parts) {
    lines.push('', `## ${section.heading}`, '');
    for (const page of section.pages) {
      const description = oneLine(page.description);
      lines.push(`- [${linkText(page.title)}](${markdownUrl(page.route)})${description ? `: ${description}` : ''}`);
    }
  }
  lines.push('', '## Full text', '');
  for (const section of [...current, ...older])
    lines.push(
      `- [${linkText(section.label)}, full text](${fullTextUrl(section.id)}): every page of ${section.label}${section.older ? ' (an older version)' : ''} in one Markdown file (${section.pages.length} pages)`,
    );
  return `${lines.join('\n')}\n`;
}

/** The full-text files: per collection id, every page's Markdown, each with its address. */
export function fullTexts(
  site: LlmsTxtSite,
  collections: SearchCollectionDefinition[],
  pages: MarkdownPage[],
): Map<string, string> {
  const files = new Map<string, string>();
  for (const section of sections(collections, pages)) {
    const head = [
      `# ${site.title}: ${section.label}${section.older ? ' (older version)' : ''}`,
      '',
      `> Every page of ${section.label} in one file, as Markdown. The index of the site is ${site.url}/llms.txt.`,
    ].join('\n');
    const bodies = section.pages.map((page) => `Source: ${site.url}${page.route}\n\n${page.markdown.trim()}\n`);
    files.set(fullTextUrl(section.id), `${[head, ...bodies].join('\n\n---\n\n')}`);
  }
  return files;
}
