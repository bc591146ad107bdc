import {test, expect} from '@playwright/test';
import {findRawMarkdown, RAW_SYNTAX_RULES, visibleTextRuns} from '../support/rawMarkdown';

const page = (body: string) => `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;
const rules = (body: string) => findRawMarkdown(page(body)).map((f) => f.rule);

test('each rule finds its syntax in visible text', () => {
  const cases: Record<string, string> = {
    'admonition fence': '<p>:::note Foo\nBody text\n:::</p>',
    'Markdown link or image': '<div><p>See [the guide](../guide.md).</p></div>',
    'Markdown reference link': '<p>See [the guide][guide].</p>',
    'emphasis marker **': '<td>**Required** field</td>',
    'emphasis marker __': '<li>a __strong__ word</li>',
    'code fence': '<p>```json</p>',
    'inline code backticks': '<td>set `enabled` to true</td>',
    'MDX comment': '<p>{/* truncate */}</p>',
    'HTML comment': '<p>&lt;!-- hidden --&gt;</p>',
    'heading marker': '<p>## Next steps</p>',
    'heading ID': '<h2>Setup {#setup}</h2>',
    'table delimiter row': '<p>| a | b |\n| --- | --- |</p>',
  };
  expect(Object.keys(cases).sort()).toEqual(RAW_SYNTAX_RULES.map((r) => r.rule).sort());
  for (const [rule, body] of Object.entries(cases)) expect(rules(body), rule).toEqual([rule]);
});

test('code, scripts, styles, templates, comments and attributes are not visible text', () => {
  expect(
    rules(
      '<pre><code>:::note Foo\n**bold** [a](b) {/* c */} ## h</code></pre>' +
        '<p>Use <code>[a](b)</code>, <kbd>**</kbd> and <samp>:::</samp>.</p>' +
        '<script>const a = "[x](y) **z**";</script><style>a::after{content:"**"}</style>' +
        '<template><p>:::note</p></template><!-- [a](b) --><a title="**x**" href="#">link</a>',
    ),
  ).toEqual([]);
});

test('rendered Markdown passes, and ordinary prose is not mistaken for syntax', () => {
  expect(
    rules(
      '<p>A <strong>bold</strong> word, a <a href="/x/">link</a>, <em>emphasis</em>, 5 * 3, ' +
        'snake_case_names, a__b__c, C# and #channel, 12:30, a::b, [optional] and a → b.</p>' +
        '<h2 id="a">Heading<a class="hash-link" href="#a">\u200b</a></h2>',
    ),
  ).toEqual([]);
});

test('syntax split across inline elements and around code is still found', () => {
  expect(rules('<p>**<a href="#">word</a>**</p>')).toEqual(['emphasis marker **']);
  expect(rules('<p>[<code>lyk</code>](../cli.md)</p>')).toEqual(['Markdown link or image']);
  const [finding] = findRawMarkdown(page('<h2>Install</h2><p>First **<code>lyk</code> install**</p>'));
  expect(finding).toEqual({rule: 'emphasis marker **', excerpt: 'First **‹code› install**', section: 'Install'});
});

test('each block is its own run of text, inline elements join their neighbours', () => {
  const runs = visibleTextRuns(page('<p>one <em>two</em> three</p><ul><li>four</li><li>five<br>six</li></ul>'));
  expect(runs.map((r) => r.text)).toEqual(['T', 'one two three', 'four', 'five\nsix']);
});

test('a heading marker counts only at the start of a line', () => {
  expect(rules('<p>Issue # 4 and step #2</p>')).toEqual([]);
  expect(rules('<p>intro<br>### Options</p>')).toEqual(['heading marker']);
});
