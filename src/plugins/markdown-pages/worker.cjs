// The entry of a Markdown conversion worker thread (./convert.ts): loads the TypeScript through jiti,
// as Docusaurus loads the site's config and plugins.
require('jiti')(__filename, {cache: true, interopDefault: true})('./convert.ts');
