/**
 * The offline notice: the page the service worker answers with when a reader, with no network, opens
 * a page of a collection they did not keep. A static page (no app code, which could not start for a
 * route that is not kept), styled by the site's stylesheet, in the reader's colour mode. The service
 * worker fills in the address that was asked for and links to the kept collections
 * (src/lib/offline/serviceWorkerLogic.mjs, `fillNotice`).
 */
import {NOTICE_SLOTS} from './serviceWorkerLogic.mjs';

export type NoticeOptions = {
  siteTitle: string;
  baseUrl: string;
  /** The site's stylesheets, as the pages link them. */
  stylesheets: string[];
  favicon: string;
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The colour mode the reader chose (stored under `theme`, spec 4.1), else the light default; "system"
 * follows the OS. Runs before the first paint, like the theme's own script.
 */
const colourModeScript =
  "try{var t=localStorage.getItem('theme');if(t==='system'||!t&&document.documentElement.dataset.followSystem)t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';if(t==='dark'||t==='light')document.documentElement.setAttribute('data-theme',t)}catch(e){}";

/** The notice page's HTML, with the service worker's slots in it. */
export function noticeHtml(o: NoticeOptions): string {
  const title = `You are offline | ${o.siteTitle}`;
  const description =
    'This page has not been saved for offline reading. The collections you keep offline are listed here.';
  return `<!DOCTYPE html>
<html lang="en" dir="ltr" data-theme="light">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="icon" href="${escapeHtml(o.favicon)}">
${o.stylesheets.map((s) => `<link rel="stylesheet" href="${escapeHtml(s)}">`).join('\n')}
<script>${colourModeScript}</script>
</head>
<body>
<main id="lykta-offline-notice" class="container margin-vert--xl">
<div class="row"><div class="col col--8 col--offset-2">
<h1>You are offline</h1>
<p>This page has not been saved for offline reading: <code>${NOTICE_SLOTS.url}</code></p>
<p>It opens again once you are back online. These collections are kept on this device and open without a network:</p>
<ul>${NOTICE_SLOTS.kept}</ul>
<p><a href="${NOTICE_SLOTS.url}">Try this page again</a> · <a href="${escapeHtml(o.baseUrl)}offline/">Manage offline reading</a></p>
</div></div>
</main>
</body>
</html>
`;
}
