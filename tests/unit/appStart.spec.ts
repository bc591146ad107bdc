import vm from 'node:vm';
import {test, expect} from '@playwright/test';
import * as eta from 'eta';
import docusaurusTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';
import {BASE_URL_BANNER_ID, PAINT_WAIT_LIMIT_MS, pageTemplate, ssrTemplate} from '../../src/lib/appStart';

/** Renders the page template the way Docusaurus's SSG does (eta 2, rmWhitespace). */
function renderPage(scripts: string[], template = ssrTemplate): string {
  const render = eta.compile(template.trim(), {rmWhitespace: true});
  return render(
    {
      appHtml: '<main>Text</main>',
      baseUrl: '/docs/',
      htmlAttributes: 'lang="en"',
      bodyAttributes: '',
      headTags: '',
      preBodyTags: '',
      postBodyTags: '',
      metaAttributes: [],
      scripts,
      stylesheets: ['assets/css/styles.css'],
      noIndex: false,
      version: '3.10.2',
    },
    eta.defaultConfig,
  );
}

/** The inline script at the end of the body. */
function startScript(html: string): string {
  const match = /<script>([^<]*)<\/script>\s*<\/body>/.exec(html);
  expect(match, 'the start script ends the body').not.toBeNull();
  return match![1]!;
}

interface FakeScript {
  src: string;
  async: boolean;
  onload?: () => void;
  onerror?: () => void;
}

/** Runs the start script against a fake page and returns what it did. */
function runStart(
  script: string,
  page: {visibility?: string; paintTiming?: boolean; homePage?: boolean} = {},
): {
  appended: FakeScript[];
  /** The `<link>` elements added to the head. */
  preloaded: Record<string, unknown>[];
  paint: () => void;
  frame: () => void;
  /** Runs the timers due within `ms` (default: the next task). */
  timers: (ms?: number) => void;
  window: Record<string, unknown>;
  banners: number;
} {
  const appended: FakeScript[] = [];
  const preloaded: Record<string, unknown>[] = [];
  const timers: {f: () => void; delay: number}[] = [];
  const frames: (() => void)[] = [];
  const observers: ((list: {getEntries(): {name: string}[]}, o: {disconnect(): void}) => void)[] = [];
  const result = {banners: 0};
  const window: Record<string, unknown> = {};
  class FakeObserver {
    static supportedEntryTypes = page.paintTiming === false ? ['mark'] : ['paint', 'mark'];
    constructor(private readonly callback: (typeof observers)[number]) {}
    observe(options: {type: string; buffered: boolean}) {
      expect(options).toEqual({type: 'paint', buffered: true});
      observers.push(this.callback);
    }
  }
  if (page.homePage) window.insertBanner = () => result.banners++;
  Object.assign(window, {
    window,
    document: {
      visibilityState: page.visibility ?? 'visible',
      createElement: (tag: string) => {
        expect(['script', 'link']).toContain(tag);
        return tag === 'script' ? {src: '', async: true} : {tag};
      },
      head: {
        appendChild: (e: FakeScript | Record<string, unknown>) =>
          'tag' in e ? preloaded.push(e) : appended.push(e as FakeScript),
      },
      getElementById: (id: string) => (id === BASE_URL_BANNER_ID && result.banners > 0 ? {} : null),
    },
    PerformanceObserver: FakeObserver,
    setTimeout: (f: () => void, delay = 0) => timers.push({f, delay}),
    requestAnimationFrame: (f: () => void) => frames.push(f),
  });
  vm.runInNewContext(script, window);
  const drain = (queue: (() => void)[]) => () => queue.splice(0).forEach((f) => f());
  return {
    appended,
    preloaded,
    paint: () =>
      observers.forEach((cb) =>
        cb({getEntries: () => [{name: 'first-paint'}, {name: 'first-contentful-paint'}]}, {disconnect() {}}),
      ),
    frame: drain(frames),
    timers: (ms = 0) => {
      const due = timers.filter((t) => t.delay <= ms);
      timers.splice(0, timers.length, ...timers.filter((t) => t.delay > ms));
      due.forEach((t) => t.f());
    },
    window,
    get banners() {
      return result.banners;
    },
  };
}

const bundles = ['assets/js/runtime~main.1.js', 'assets/js/main.2.js'];

test('the page template loads no bundle itself: the script at the end of the body fetches and starts them', () => {
  const html = renderPage(bundles);
  expect(html).not.toMatch(/<script[^>]*\bsrc=/);
  // Nothing fetches a bundle from the head, where it would share the network with the stylesheet.
  expect(html).not.toMatch(/<link[^>]*as="script"/);
  expect(html).toContain('<link rel="stylesheet" href="/docs/assets/css/styles.css" />');
  expect(html).toContain('<div id="__docusaurus"><main>Text</main></div>');
  expect(html.match(/<script>/g)).toHaveLength(1);
  expect(() => new vm.Script(startScript(html))).not.toThrow();
});

test("apart from how the bundles load, the page is Docusaurus's own template", () => {
  const withoutBundles = (html: string) =>
    html
      .replace(/<script src="[^"]*" defer><\/script>/g, '')
      .replace(/<script>[^<]*<\/script>(?=\s*<\/body>)/, '')
      .replace(/\s+/g, ' ');
  const ours = renderPage(bundles);
  const docusaurus = renderPage(bundles, docusaurusTemplate);
  expect(docusaurus).toContain('<script src="/docs/assets/js/main.2.js" defer></script>');
  expect(withoutBundles(ours)).toBe(withoutBundles(docusaurus));
  expect(() => pageTemplate(docusaurusTemplate.replace(' defer>', ' async>'))).toThrow(/update pageTemplate/);
  expect(() => pageTemplate(docusaurusTemplate.replace('</body>', ''))).toThrow(/update pageTemplate/);
});

test('a bundle URL cannot close the start script', () => {
  const html = renderPage(['assets/js/</script><script>alert(1)</script>.js']);
  const script = startScript(html);
  expect(script.toLowerCase()).not.toContain('</script');
  const run = runStart(script, {visibility: 'hidden'});
  expect(run.appended.map((s) => s.src)).toEqual(['/docs/assets/js/</script><script>alert(1)</script>.js']);
});

test('the bundles start in order, not async, once the first contentful paint is reported', () => {
  const run = runStart(startScript(renderPage(bundles)));
  expect(run.preloaded, 'the download starts at once').toEqual([
    {tag: 'link', rel: 'preload', as: 'script', href: '/docs/assets/js/runtime~main.1.js'},
    {tag: 'link', rel: 'preload', as: 'script', href: '/docs/assets/js/main.2.js'},
  ]);
  run.frame();
  run.timers();
  expect(run.appended, 'nothing starts before the paint').toEqual([]);
  run.paint();
  expect(run.appended, 'the start waits one task after the paint entry').toEqual([]);
  run.timers();
  expect(run.appended.map((s) => [s.src, s.async])).toEqual([
    ['/docs/assets/js/runtime~main.1.js', false],
    ['/docs/assets/js/main.2.js', false],
  ]);
  run.paint();
  run.timers(PAINT_WAIT_LIMIT_MS);
  expect(run.appended, 'they start once').toHaveLength(2);
});

test('when no paint is reported, the bundles start after the wait limit', () => {
  const run = runStart(startScript(renderPage(bundles)));
  run.timers(PAINT_WAIT_LIMIT_MS - 1);
  expect(run.appended).toEqual([]);
  run.timers(PAINT_WAIT_LIMIT_MS);
  expect(run.appended).toHaveLength(2);
});

test('a background tab starts the bundles at once; without paint timing, after the next frame', () => {
  const hidden = runStart(startScript(renderPage(bundles)), {visibility: 'hidden'});
  expect(hidden.appended).toHaveLength(2);
  expect(hidden.preloaded, 'no preload for scripts that start at once').toEqual([]);
  const run = runStart(startScript(renderPage(bundles)), {paintTiming: false});
  expect(run.appended).toEqual([]);
  run.frame();
  run.timers();
  expect(run.appended).toHaveLength(2);
});

test('on the home page the base-URL banner shows only when the app does not start', () => {
  // Bundles load and the app sets window.docusaurus: no banner.
  let run = runStart(startScript(renderPage(bundles)), {homePage: true, visibility: 'hidden'});
  expect(run.window.docusaurus, 'a marker stands in until the app starts').toBeDefined();
  run.window.docusaurus = {prefetch() {}, preload() {}};
  run.appended[1]!.onload!();
  expect(run.banners).toBe(0);

  // A bundle fails to load (its URL answers 404): the banner, once.
  run = runStart(startScript(renderPage(bundles)), {homePage: true, visibility: 'hidden'});
  run.appended[0]!.onerror!();
  run.appended[1]!.onerror!();
  expect(run.banners).toBe(1);
  expect(run.window.docusaurus).toBeUndefined();

  // The bundles load but are not the app (a server answering every URL with HTML): the banner.
  run = runStart(startScript(renderPage(bundles)), {homePage: true, visibility: 'hidden'});
  run.appended[1]!.onload!();
  expect(run.banners).toBe(1);

  // Other pages have no banner function: nothing is set or shown.
  run = runStart(startScript(renderPage(bundles)), {visibility: 'hidden'});
  expect(run.window.docusaurus).toBeUndefined();
  run.appended[0]!.onerror!();
  expect(run.banners).toBe(0);
});
