/**
 * /llms.txt (https://llmstxt.org/, written by src/plugins/markdown-pages): the site's title and summary,
 * one section per collection with the older LEAP versions marked, every route of the spec's route list
 * listed exactly once (the search page has no Markdown), each link resolving to the page's Markdown with
 * the page's title and description, and a full-text file per collection.
 */
import {test, expect} from '../support/fixtures';
import {specRoutes} from '../support/markdown';

interface Entry {
  section: string;
  title: string;
  url: string;
  description: string;
}

function parseLlmsTxt(text: string): {title: string; summary: string; sections: string[]; entries: Entry[]} {
  const lines = text.split('\n');
  const sections: string[] = [];
  const entries: Entry[] = [];
  for (const line of lines) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) sections.push(heading[1]!);
    const item = /^- \[((?:\\.|[^\]])+)\]\(([^)]+)\)(?:: (.*))?$/.exec(line);
    if (item)
      entries.push({
        section: sections.at(-1) ?? '',
        title: item[1]!.replace(/\\(.)/g, '$1'),
        url: item[2]!,
        description: item[3] ?? '',
      });
  }
  return {title: lines[0]!, summary: lines.find((l) => l.startsWith('> ')) ?? '', sections, entries};
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

test('llms.txt has the site, its collections and older versions in their own sections', async ({request}) => {
  const answer = await request.get('/llms.txt');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^text\/plain/);
  const llms = parseLlmsTxt(await answer.text());
  expect(llms.title).toBe('# Lykta Developer Hub');
  expect(llms.summary).toMatch(/^> .*LEAP.*VIREO/);
  expect(llms.sections).toEqual([
    'Main docs',
    'VIREO',
    'VIREO network video',
    'VIREO device configuration',
    'LEAP 12',
    'LEAP 4 (older version)',
    'LEAP 3 (older version)',
    'Full text',
  ]);
  const sectionOf = (url: string) => llms.entries.find((e) => e.url === url)?.section;
  expect(sectionOf('/leap/4/index.md')).toBe('LEAP 4 (older version)');
  expect(sectionOf('/leap/3/index.md')).toBe('LEAP 3 (older version)');
  expect(sectionOf('/leap/index.md')).toBe('LEAP 12');
  expect(sectionOf('/vireo/device-configuration/time-api/index.md')).toBe('VIREO device configuration');
  expect(sectionOf('/blog/2024/11/13/vireo/index.md')).toBe('Main docs');
  for (const e of llms.entries.filter((e) => e.section === 'LEAP 4 (older version)'))
    expect(e.url).toMatch(/^\/leap\/4\//);
});

test('llms.txt lists every route of the spec exactly once, and every link in it resolves', async ({request}) => {
  test.setTimeout(300_000);
  const llms = parseLlmsTxt(await (await request.get('/llms.txt')).text());
  const pages = llms.entries.filter((e) => e.section !== 'Full text');
  const listed = pages.map((e) => e.url);
  const duplicates = listed.filter((u, i) => listed.indexOf(u) !== i);
  expect(duplicates, 'listed more than once').toEqual([]);
  const routes = specRoutes().filter((r) => r !== '/search/');
  const missing = routes.filter((r) => !listed.includes(`${r}index.md`));
  expect(missing, 'routes of the spec missing from llms.txt').toEqual([]);
  expect(listed).not.toContain('/search/index.md');

  const problems: string[] = [];
  const check = async (e: Entry) => {
    const md = await request.get(e.url);
    if (md.status() !== 200) return problems.push(`${e.url}: ${md.status()}`);
    if (!/^text\/markdown/.test(md.headers()['content-type'] ?? ''))
      return problems.push(`${e.url}: ${md.headers()['content-type']}`);
    const route = e.url.replace(/index\.md$/, '');
    const html = await (await request.get(route)).text();
    // The minifier quotes an attribute with " or ', or not at all.
    const meta = /<meta[^>]*\bname="?description"?[^>]*\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/.exec(html);
    const description = decode(meta?.[1] ?? meta?.[2] ?? meta?.[3] ?? '');
    if (e.description !== description.replace(/\s+/g, ' ').trim())
      problems.push(`${e.url}: description "${e.description}", page "${description}"`);
    const first = (await md.text()).split('\n')[0];
    if (first !== `# ${e.title}`) problems.push(`${e.url}: titled "${e.title}" but its Markdown starts "${first}"`);
    return undefined;
  };
  for (let i = 0; i < pages.length; i += 8) await Promise.all(pages.slice(i, i + 8).map(check));
  expect(problems.join('\n')).toBe('');
});

test('every collection has a full-text file with all its listed pages', async ({request}) => {
  const llms = parseLlmsTxt(await (await request.get('/llms.txt')).text());
  const full = llms.entries.filter((e) => e.section === 'Full text');
  expect(full.map((e) => e.url)).toEqual([
    '/llms-full-main.txt',
    '/llms-full-vireo.txt',
    '/llms-full-vireo-network-video.txt',
    '/llms-full-vireo-device-configuration.txt',
    '/llms-full-leap-12.txt',
    '/llms-full-leap-4.txt',
    '/llms-full-leap-3.txt',
  ]);
  const sections = llms.sections.filter((s) => s !== 'Full text');
  for (const [i, file] of full.entries()) {
    const answer = await request.get(file.url);
    expect(answer.status(), file.url).toBe(200);
    const text = await answer.text();
    const inSection = llms.entries.filter((e) => e.section === sections[i]);
    for (const e of inSection) expect(text, `${file.url} holds ${e.url}`).toContain(`\n\n# ${e.title}\n`);
    expect(text.match(/^Source: https?:\/\/\S+$/gm)?.length, file.url).toBe(inSection.length);
  }
});
