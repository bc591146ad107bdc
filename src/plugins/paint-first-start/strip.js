// The site's page template, taken out of the generated site config for the client bundle
// (src/plugins/paint-first-start). Docusaurus writes `.docusaurus/docusaurus.config.mjs` as
//   export default ${JSON.stringify(siteConfig, null, 2)};
// so `ssrTemplate` is one line, `  "ssrTemplate": "<JSON string>",`. Only server rendering reads it
// (it renders each page from the site config of the Node process, not the bundle's), and in the
// browser it was 1.3 KB gzip of `main.js`.
'use strict';

const SSR_TEMPLATE_LINE = /\n {2}"ssrTemplate": "(?:[^"\\\n]|\\.)*",?(?=\n)/g;

/** The config module's source without its `ssrTemplate` line, and how many such lines there were. */
function stripSsrTemplate(source) {
  let found = 0;
  const code = source.replace(SSR_TEMPLATE_LINE, () => {
    found++;
    return '';
  });
  return {code, found};
}

module.exports = {stripSsrTemplate};
