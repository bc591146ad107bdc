import {test, expect} from '@playwright/test';
import {isExternalHref} from '../../src/lib/links';
import {isApplePlatform, searchPlaceholder} from '../../src/lib/searchPlaceholder';
import {announcementResetScript} from '../../src/lib/announcementBar';
import {isLoadFailure, loadFailureScript} from '../../src/lib/loadFailure';
import {NEAR_MARGIN, startWhenNear} from '../../src/lib/nearViewport';
import {IDLE_TIMEOUT_MS, isConstrainedConnection, whenIdle} from '../../src/lib/idle';
import {diagramKey} from '../../src/remark/mermaid-prerender';
import {PERFORMANCE_CUSTOMISATIONS, performanceSettings} from '../../src/lib/performance';
import {PATCH_MARKER, unpatchedFiles} from '../../src/plugins/search-local';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

test('isExternalHref: only links that leave the site', () => {
  expect(isExternalHref('https://github.com/lykta-example')).toBe(true);
  expect(isExternalHref('//cdn.example/x')).toBe(true);
  expect(isExternalHref('HTTP://x.example')).toBe(true);
  for (const href of [
    '/vireo/',
    '../a.md',
    '#top',
    'mailto:security@lykta.example',
    'pathname:///schemas/a.json',
    undefined,
    '',
  ])
    expect(isExternalHref(href), String(href)).toBe(false);
});

test('search placeholder follows the platform like the shortcut does', () => {
  expect(searchPlaceholder({userAgentData: {platform: 'macOS'}})).toBe('Search ⌘+K');
  expect(searchPlaceholder({userAgentData: {platform: 'Windows'}, userAgent: 'Macintosh'})).toBe('Search Ctrl+K');
  expect(searchPlaceholder({userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)'})).toBe('Search ⌘+K');
  expect(searchPlaceholder({userAgent: 'Mozilla/5.0 (X11; Linux x86_64)'})).toBe('Search Ctrl+K');
  expect(isApplePlatform({platform: 'iPhone'})).toBe(true);
  expect(isApplePlatform({})).toBe(false);
});

test('announcement reset script embeds the id safely', () => {
  const script = announcementResetScript('</script><script>alert(1)</script>');
  expect(script.toLowerCase()).not.toContain('</script');
  expect(() => new Function(script)).not.toThrow();
  // The id survives as data: the comparison uses exactly the configured string.
  const compared = /!==("(?:[^"\\]|\\.)*")/.exec(script)![1]!;
  expect(JSON.parse(compared)).toBe('</script><script>alert(1)</script>');
});

test('isLoadFailure recognises failed chunk downloads only', () => {
  const chunk = Object.assign(new Error('Loading chunk 4799 failed.\n(error: http://localhost/assets/js/x.js)'), {
    name: 'ChunkLoadError',
  });
  expect(isLoadFailure(chunk)).toBe(true);
  expect(isLoadFailure(new Error('Loading CSS chunk 12 failed.'))).toBe(true);
  for (const other of [
    new Error('boom'),
    new TypeError('x is undefined'),
    'Loading chunk 1 failed.',
    null,
    undefined,
    42,
  ])
    expect(isLoadFailure(other), String(other)).toBe(false);
});

test('the load-failure script is self-contained JavaScript', () => {
  const script = loadFailureScript();
  expect(() => new Function(script)).not.toThrow();
  expect(script).toContain('Retry');
  expect(script).not.toMatch(/\bimport\b|\brequire\(/);
});

test('startWhenNear starts at once without IntersectionObserver, else on the first intersection only', () => {
  let started = 0;
  startWhenNear({} as Element, () => started++, undefined);
  expect(started).toBe(1);

  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    disconnected: boolean;
  }[] = [];
  class FakeObserver {
    record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = {callback, options, disconnected: false};
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const cancel = startWhenNear({} as Element, () => started++, FakeObserver as unknown as typeof IntersectionObserver);
  const [o] = observers;
  expect(o!.options?.rootMargin).toBe(NEAR_MARGIN);
  const fire = (isIntersecting: boolean) =>
    o!.callback([{isIntersecting} as IntersectionObserverEntry], {} as IntersectionObserver);
  fire(false);
  expect(started).toBe(1);
  fire(true);
  expect(started).toBe(2);
  expect(o!.disconnected).toBe(true);
  cancel();
});

test('diagramKey changes with the diagram and with the themes, and is stable otherwise', () => {
  const theme = {light: 'default', dark: 'dark'};
  const key = diagramKey('flowchart LR\n  A --> B', theme);
  expect(key).toMatch(/^[0-9a-f]{16}$/);
  expect(diagramKey('flowchart LR\n  A --> B', {...theme})).toBe(key);
  expect(diagramKey('flowchart LR\n  A --> C', theme)).not.toBe(key);
  expect(diagramKey('flowchart LR\n  A --> B', {light: 'neutral', dark: 'dark'})).not.toBe(key);
});

test('isConstrainedConnection: 2g, slow-2g and save-data, as Docusaurus skips prefetching', () => {
  expect(isConstrainedConnection({})).toBe(false);
  expect(isConstrainedConnection({connection: {effectiveType: '4g', saveData: false}})).toBe(false);
  expect(isConstrainedConnection({connection: {effectiveType: '3g'}})).toBe(false);
  expect(isConstrainedConnection({connection: {effectiveType: '2g'}})).toBe(true);
  expect(isConstrainedConnection({connection: {effectiveType: 'slow-2g'}})).toBe(true);
  expect(isConstrainedConnection({connection: {effectiveType: '4g', saveData: true}})).toBe(true);
});

test('whenIdle uses requestIdleCallback with a deadline, else a timer, and can be cancelled', () => {
  const calls: string[] = [];
  let idle: (() => void) | undefined;
  const withIdle = {
    requestIdleCallback: (cb: () => void, options?: {timeout: number}) => {
      calls.push(`idle ${options?.timeout}`);
      idle = cb;
      return 7;
    },
    cancelIdleCallback: (h: number) => calls.push(`cancel idle ${h}`),
    setTimeout: () => {
      throw new Error('no timer expected');
    },
    clearTimeout: () => undefined,
  };
  let ran = 0;
  const cancel = whenIdle(() => ran++, withIdle);
  expect(calls).toEqual([`idle ${IDLE_TIMEOUT_MS}`]);
  expect(ran).toBe(0);
  idle!();
  expect(ran).toBe(1);
  cancel();
  expect(calls.at(-1)).toBe('cancel idle 7');

  let timer: (() => void) | undefined;
  const withoutIdle = {
    setTimeout: (cb: () => void, ms: number) => {
      calls.push(`timer ${ms}`);
      timer = cb;
      return 3;
    },
    clearTimeout: (h: number) => calls.push(`clear ${h}`),
  };
  whenIdle(() => ran++, withoutIdle)();
  expect(calls.slice(-2)).toEqual(['timer 1000', 'clear 3']);
  timer!();
  expect(ran).toBe(2);
});

test('performance settings: every customisation on by default, "all" or a list switches off, an unknown name is refused', () => {
  const names = Object.keys(PERFORMANCE_CUSTOMISATIONS);
  expect(Object.values(performanceSettings(undefined))).toEqual(names.map(() => true));
  expect(Object.values(performanceSettings(''))).toEqual(names.map(() => true));
  expect(Object.values(performanceSettings('all'))).toEqual(names.map(() => false));
  const some = performanceSettings(' lazyBrowserDiagrams, buildTimeHighlighting ');
  expect(some.lazyBrowserDiagrams).toBe(false);
  expect(some.buildTimeHighlighting).toBe(false);
  expect(some.diagramPrerender).toBe(true);
  expect(() => performanceSettings('paintFirst')).toThrow(/unknown customisation "paintFirst"/);
});

test('the build refuses a search plugin without the patches (an upgrade, or patch-package not run)', () => {
  const patches = fs.readdirSync('patches').map((f) => path.resolve('patches', f));
  expect(patches.length).toBeGreaterThan(0);
  expect(unpatchedFiles(patches, process.cwd())).toEqual([]);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-unpatched-'));
  const plugin = 'node_modules/@easyops-cn/docusaurus-search-local';
  fs.cpSync(plugin, path.join(root, plugin), {recursive: true});
  const file = path.join(root, plugin, 'dist/server/server/utils/processDocInfos.js');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll(PATCH_MARKER, 'original'));
  fs.rmSync(path.join(root, plugin, 'dist/client/client/theme/SearchBar/SearchBar.jsx'));
  expect(unpatchedFiles(patches, root)).toEqual([
    `${plugin}/dist/client/client/theme/SearchBar/SearchBar.jsx (missing)`,
    `${plugin}/dist/server/server/utils/processDocInfos.js (0 of 1 patched places)`,
  ]);
  fs.rmSync(root, {recursive: true, force: true});
});

test('a production build without Chromium fails naming the setting, instead of shipping browser-drawn diagrams', () => {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-mermaid-cache-'));
  const script = path.join(cache, 'draw.ts');
  fs.writeFileSync(
    script,
    `import {renderDiagram} from ${JSON.stringify(path.resolve('src/remark/mermaid-prerender'))};
renderDiagram('flowchart LR\\n  A --> B', {theme: {light: 'default', dark: 'dark'}, cacheDirectory: ${JSON.stringify(cache)}})
  .then((r) => console.log('drawn:', r === undefined ? 'left to the browser' : 'yes'), (e) => console.log('failed:', e.message));
`,
  );
  const run = (env: Record<string, string>) =>
    execFileSync('npx', ['jiti', script], {env: {...process.env, ...env}, encoding: 'utf8'}).trim();
  const production = run({CHROME_PATH: '/nonexistent/chromium', NODE_ENV: 'production'});
  expect(production).toMatch(
    /^failed: \[mermaid-prerender\] cannot draw diagrams at build time: .*LYKTA_PERF_OFF=diagramPrerender/,
  );
  // In npm start the diagram is left to the browser.
  expect(run({CHROME_PATH: '/nonexistent/chromium', NODE_ENV: 'development'})).toBe('drawn: left to the browser');
  fs.rmSync(cache, {recursive: true, force: true});
});
